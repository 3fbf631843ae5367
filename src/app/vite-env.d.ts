/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_BUILD_ID?: string;
}
/** The fingerprint of the src/shared this build was made from (vite.config.ts). */
declare const __CONTRACT_FINGERPRINT__: string;
