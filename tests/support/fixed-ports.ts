/**
 * The few fixed ports the end-to-end tests listen on, in one place. A port is fixed only where the
 * server's environment must name it before the worker starts (a frame's allowed origin, a fake
 * provider's URL): Playwright computes worker options in its main process, so a random port would
 * differ between the server and the worker.
 *
 * All of them sit below Linux's ephemeral range (net.ipv4.ip_local_port_range, 32768–60999 by
 * default), so no outgoing connection of the browser, the servers or the database can be holding one
 * when a test binds it (that was an EADDRINUSE on 45732 in CI). Ports that Chromium refuses to load
 * ("unsafe ports") are avoided too. `fixed-ports.test.ts` checks both rules.
 */
export const FIXED_PORTS = {
  /** tests/e2e/embedding.spec.ts: the page that frames the portal (an allowed origin). */
  embeddingHost: 24731,
  /** tests/e2e/embedding.spec.ts: a second origin that is NOT allowed to frame the portal. */
  embeddingOtherHost: 24732,
  /** tests/e2e/products-frame.spec.ts: the page that frames the product pages. */
  productsFrameHost: 24741,
  /** tests/e2e/food-config-cep.spec.ts: the fake postal-code service. */
  postalCodeFake: 24917,
  /** tests/e2e/payment-links-checking.spec.ts: the fake card acquirer (slow on purpose). */
  payAcquirerFake: 24927,
  /** tests/e2e/donations-checking.spec.ts: the fake donation card acquirer (slow on purpose). */
  donationAcquirerFake: 24937,
  /** tests/e2e/accreditation-checking.spec.ts: the fake accreditation provider (slow on purpose). */
  accreditationFake: 24947,
} as const;

/** Linux's default ephemeral range; ports inside it may be taken by any outgoing connection. */
export const EPHEMERAL_RANGE = { first: 32768, last: 60999 } as const;
