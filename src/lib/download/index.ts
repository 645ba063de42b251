/** The Miniforge installer matrix and the visitor's platform, for /download/. */
import {DataError, expectRecord} from '../data/fetchData';
import {GITHUB_HOSTS, safeUrl} from '../data/safeUrl';

export type OsName = 'macOS' | 'Linux' | 'Windows';

export interface Installer {
  os: OsName;
  arch: string;
  label: string;
  file: string;
}

const RELEASES = 'https://github.com/conda-forge/miniforge/releases';

export const INSTALLERS: Installer[] = [
  {os: 'macOS', arch: 'arm64', label: 'arm64 (Apple Silicon)', file: 'Miniforge3-MacOSX-arm64.sh'},
  {os: 'macOS', arch: 'x86_64', label: 'x86_64 (Intel)', file: 'Miniforge3-MacOSX-x86_64.sh'},
  {os: 'Linux', arch: 'x86_64', label: 'x86_64 (amd64)', file: 'Miniforge3-Linux-x86_64.sh'},
  {os: 'Linux', arch: 'aarch64', label: 'aarch64 (arm64)', file: 'Miniforge3-Linux-aarch64.sh'},
  {os: 'Linux', arch: 'ppc64le', label: 'ppc64le (POWER8/9)', file: 'Miniforge3-Linux-ppc64le.sh'},
  {os: 'Windows', arch: 'x86_64', label: 'x86_64', file: 'Miniforge3-Windows-x86_64.exe'},
];

export const OS_ORDER: OsName[] = ['macOS', 'Linux', 'Windows'];

/** The stable link that always serves the newest release of an installer. */
export function latestDownloadUrl(file: string): string {
  return `${RELEASES}/latest/download/${file}`;
}

/** Guesses the visitor's operating system from the user agent (null when unknown, e.g. mobile). */
export function detectOs(userAgent: string): OsName | null {
  if (/android|iphone|ipad|ipod/i.test(userAgent)) return null;
  if (/windows/i.test(userAgent)) return 'Windows';
  if (/mac os x|macintosh/i.test(userAgent)) return 'macOS';
  if (/linux|x11|cros/i.test(userAgent)) return 'Linux';
  return null;
}

export interface ReleaseInfo {
  version: string;
  url: string;
  publishedAt: string | null;
}

/** Validates GitHub's "latest release" answer. */
export function parseLatestRelease(data: unknown): ReleaseInfo {
  const root = expectRecord(data, 'the release');
  const {tag_name: tag, html_url: url, published_at: publishedAt} = root;
  if (typeof tag !== 'string' || tag === '') throw new DataError('Unexpected data: the release has no tag.');
  return {
    version: tag,
    // A release page link that is not an https page on GitHub is replaced by the one built from the tag.
    url: safeUrl(url, GITHUB_HOSTS) ?? `${RELEASES}/tag/${encodeURIComponent(tag)}`,
    publishedAt: typeof publishedAt === 'string' ? publishedAt : null,
  };
}
