/** Sales points and devices (spec 001 §3 "Sales point"). Owned by the venue-setup module. */
export {};
