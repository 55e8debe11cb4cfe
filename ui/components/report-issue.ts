// Where an error notification's 'Report issue' leads: the branding setting, with the failure's words
// as the report's body (docs/UI.md, Errors).
import { config } from '../config';

/**
 * The admin's tracker address with `body` set to the report, or undefined when none is set. The
 * server only serves http(s) addresses; checked again because the page turns it into a link.
 */
export function reportIssueHref(report: string): string | undefined {
  if (!config.ReportIssueUrl) return undefined;
  let url: URL;
  try {
    url = new URL(config.ReportIssueUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // `body` prefills the report on GitHub, Gitea and Forgejo; other trackers ignore it.
  url.searchParams.set('body', report);
  return url.href;
}
