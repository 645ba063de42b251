/**
 * Site-wide facts and build switches. Everything that other config modules, plugins and tests
 * need to agree on lives here, once.
 */

import {WEBSITE_REPO} from './links';

export {LINKS, WEBSITE_REPO} from './links';

export const SITE_URL = 'https://conda-forge.org';
export const BASE_URL = '/';
export const SITE_TITLE = 'conda-forge | community-driven packaging for conda';
export const COPYRIGHT_YEAR = 2025;

export const EDIT_URL_BASE = `${WEBSITE_REPO}/tree/main/`;

function flag(name: string): boolean | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** Build switches, read from the environment once. */
export const BUILD = {
  /** `docusaurus build` sets NODE_ENV=production; `docusaurus start` does not. */
  production: process.env.NODE_ENV === 'production',
  /** CF_NOINDEX=true adds `<meta name="robots" content="noindex, nofollow">` to every page. */
  noIndex: flag('CF_NOINDEX') ?? false,
  /** CF_ANALYTICS=false drops the page counter from production builds. */
  analytics: flag('CF_ANALYTICS') ?? true,
};

export const GOATCOUNTER_ENDPOINT = 'https://conda-forge.goatcounter.com/count';

/** Reads a JSON object from an environment variable (e.g. data-source overrides for mirrors). */
export function parseJsonEnv(name: string): Record<string, unknown> {
  const raw = process.env[name];
  if (!raw) return {};
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${name} must hold a JSON object`);
  }
  return value as Record<string, unknown>;
}
