/// <reference types="vite/client" />

// Build-time settings of the site (all optional).
interface ImportMetaEnv {
  /** URL of the external admin site linked from the account menu of admins (default `/admin`). */
  readonly VITE_ADMIN_URL?: string;
}
