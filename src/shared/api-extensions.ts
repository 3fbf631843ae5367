/**
 * Calls of Balcão's server that the spec does not have (issue 40: B16, R06–R18). The server lists
 * them in `/runtime-config.json` (`apiExtensions`); a PWA whose runtime configuration does not list
 * one (a hand-written runtime-config.json fronting a backend with only the spec's calls, or an
 * older cached one) uses the spec's calls instead. See docs/decisions/api-extensions.md.
 */
export const API_EXTENSIONS = {
  /** `GET api/kds?modo=ativos`: every open order in one answer (else the spec's dated, paged list). */
  kdsActive: 'kds-ativos',
  /** `GET api/salesdashboard/All`: the dashboard's thirteen answers in one (else the thirteen calls). */
  dashboardAll: 'salesdashboard-all',
} as const;
export type ApiExtension = (typeof API_EXTENSIONS)[keyof typeof API_EXTENSIONS];
