// The runtime configuration the server inlines into the page (docs/UI.md, Screens), read once at start.

export interface RuntimeConfig {
  Name: string;
  DisableExternal: boolean;
  BaseURL: string;
  StaticURL: string;
  Version: string;
  Signup: boolean;
  NoAuth: boolean;
  /** json (passwords), noauth, or proxy (a login proxy names the user). */
  AuthMethod: 'json' | 'noauth' | 'proxy';
  /** Where logging out leads: /login, or e.g. the login proxy's logout URL. */
  LogoutPage: string;
  LoginPage: boolean;
  ReCaptcha: boolean;
  ReCaptchaKey: string;
  ReCaptchaHost: string;
  EnableExec: boolean;
  /** Thumbnails are drawn (off: `--disable-thumbnails`, the listing shows type icons only). */
  EnableThumbs: boolean;
  /** `big` previews are drawn at 1080 px (off: `--disable-preview-resize`, they are the file itself). */
  ResizePreview: boolean;
  /** Resumable uploads: bytes per PATCH, and how many times a failed request is retried. */
  TusSettings: TusSettings;
  /** Where error notifications' 'Report issue' leads; '' (the default) shows no such button. */
  ReportIssueUrl: string;
}

export interface TusSettings {
  chunkSize: number;
  retryCount: number;
}

const defaults: RuntimeConfig = {
  Name: '',
  DisableExternal: false,
  BaseURL: '',
  StaticURL: '/static',
  Version: '',
  Signup: false,
  NoAuth: false,
  AuthMethod: 'json',
  LogoutPage: '/login',
  LoginPage: true,
  ReCaptcha: false,
  ReCaptchaKey: '',
  ReCaptchaHost: 'https://www.google.com',
  EnableExec: false,
  EnableThumbs: true,
  ResizePreview: true,
  // The server's defaults (10 MiB, 5), for a page served without them.
  TusSettings: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
  ReportIssueUrl: '',
};

function readConfig(): RuntimeConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('drawer-config');
  if (!element?.textContent) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(element.textContent) as Partial<RuntimeConfig>) };
  } catch {
    return defaults;
  }
}

export const config: RuntimeConfig = readConfig();

/** The product name shown in titles and the sidebar: the branding name, else Drawer. */
export const appName: string = config.Name || 'Drawer';
