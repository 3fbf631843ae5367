/**
 * Ours: public payment pages (payment links, donations) take at most PAY_RATE_LIMIT Pix or card
 * attempts per address and per link in PAY_RATE_WINDOW_S seconds (card testers must stay slow).
 */
export const PAY_RATE_LIMIT = 30;
export const PAY_RATE_WINDOW_S = 600;
