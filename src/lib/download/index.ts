/** The Miniforge installer matrix and the visitor's platform, for /download/. */
import {DataError, expectRecord} from '../data/validate';
import {GITHUB_HOSTS, safeUrl} from '../data/safeUrl';
import {boundText, MAX_TEXT} from '../data/text';
import {formatUtcDay, parseTime} from '../data/time';

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

/** One file of a release, as the release data describes it. */
export interface ReleaseAsset {
  name: string;
  /** The file's SHA-256 (lower-case hex) when the release data gives one, else null. */
  sha256: string | null;
  /** The file's size in bytes when the release data gives a plausible one, else null. */
  size: number | null;
}

export interface ReleaseInfo {
  /** The tag, cut to MAX_TEXT.name. */
  version: string;
  url: string;
  /** The UTC day of publication (`2025-10-20`), when the data gives a readable time. */
  publishedOn: string | null;
  /** The release's files by name (at most MAX_ASSETS are read). */
  assets: Map<string, ReleaseAsset>;
}

/** The most files read from a release (Miniforge ships a few dozen). */
export const MAX_ASSETS = 300;

const DIGEST = /^sha256:([0-9a-f]{64})$/i;
/** No Miniforge installer comes near this (they are about 50–150 MB); a larger size is not believed. */
const MAX_SIZE = 10 * 1000 ** 3;

function parseSize(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value < MAX_SIZE ? value : null;
}
/** The names this page may turn into download links: Miniforge's own installer files. */
const INSTALLER_NAME = /^Miniforge3-[A-Za-z0-9_.-]{1,80}\.(sh|exe|pkg)$/;

function parseAssets(value: unknown): Map<string, ReleaseAsset> {
  const assets = new Map<string, ReleaseAsset>();
  if (!Array.isArray(value)) return assets;
  for (const item of value.slice(0, MAX_ASSETS)) {
    if (typeof item !== 'object' || item === null) continue;
    const {name, digest, size} = item as Record<string, unknown>;
    if (typeof name !== 'string' || !INSTALLER_NAME.test(name)) continue;
    const sha256 = typeof digest === 'string' ? (DIGEST.exec(digest)?.[1].toLowerCase() ?? null) : null;
    assets.set(name, {name, sha256, size: parseSize(size)});
  }
  return assets;
}

/**
 * Validates GitHub's "latest release" answer. Only Miniforge installer names are kept from its
 * files (the page builds their links itself, on the stable "latest" path), with the SHA-256 of
 * each when the data gives it; a missing or odd file list is an empty one.
 */
export function parseLatestRelease(data: unknown): ReleaseInfo {
  const root = expectRecord(data, 'the release');
  const {tag_name: tag, html_url: url, published_at: publishedAt} = root;
  if (typeof tag !== 'string' || tag === '') throw new DataError('Unexpected data: the release has no tag.');
  const version = boundText(tag, MAX_TEXT.name);
  const published = parseTime(publishedAt);
  return {
    version,
    // A release page link that is not an https page on GitHub is replaced by the one built from
    // the tag (the list of releases when the tag was too long to be one).
    url: safeUrl(url, GITHUB_HOSTS) ?? (version === tag ? `${RELEASES}/tag/${encodeURIComponent(tag)}` : RELEASES),
    publishedOn: published === null ? null : formatUtcDay(published),
    assets: parseAssets(root.assets),
  };
}

/** The macOS graphical installers (`.pkg`) of a release, arm64 first. */
export function macPackages(release: ReleaseInfo | null): Array<{file: string; arch: string; sha256: string | null}> {
  if (!release) return [];
  return [...release.assets.values()]
    .filter((asset) => /^Miniforge3-MacOSX-[A-Za-z0-9_]+\.pkg$/.test(asset.name))
    .map((asset) => ({
      file: asset.name,
      arch: asset.name.slice('Miniforge3-MacOSX-'.length, -'.pkg'.length),
      sha256: asset.sha256,
    }))
    .sort((a, b) => (a.arch === 'arm64' ? -1 : b.arch === 'arm64' ? 1 : a.arch < b.arch ? -1 : 1));
}

/** One installer as the "All installers" list offers it: a download button and its details. */
export interface DownloadItem {
  os: OsName;
  file: string;
  /** The stable link to the newest release's copy of the file. */
  url: string;
  /** The processor it is for, as a reader names it: "arm64 (Apple Silicon)". */
  arch: string;
  /** What kind of installer the file is, with its extension: "Graphical installer (.pkg)". */
  kind: string;
  /** Bytes, when the release data gives them. */
  size: number | null;
  sha256: string | null;
}

const KINDS: Record<string, string> = {
  sh: 'Command-line installer (.sh)',
  pkg: 'Graphical installer (.pkg)',
  exe: 'Graphical installer (.exe)',
};

/** The kind of installer a file name stands for ("Installer (.zip)" for an extension not listed). */
export function installerKind(file: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1].toLowerCase() ?? '';
  return KINDS[extension] ?? (extension ? `Installer (.${extension})` : 'Installer');
}

/**
 * A file size as a download button gives it, in SI units as GitHub and browsers' download lists do:
 * "87 MB", "8.5 MB", "940 kB".
 */
export function formatSize(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} bytes`;
  // One decimal below 10 ("8.5 MB"), none above ("87 MB"): a button's size is a hint, not a figure.
  const shown = value < 9.95 ? value.toFixed(1) : Math.round(value).toString();
  return `${shown} ${units[unit]}`;
}

/**
 * Every installer of one operating system, in the order the page lists them: the fixed matrix (its
 * stable links work without release data), then the macOS graphical packages the release lists.
 * Sizes and checksums come from the release data when it has arrived.
 */
export function downloadItems(os: OsName, release: ReleaseInfo | null): DownloadItem[] {
  const item = (file: string, arch: string): DownloadItem => {
    const asset = release?.assets.get(file);
    return {
      os,
      file,
      url: latestDownloadUrl(file),
      arch,
      kind: installerKind(file),
      size: asset?.size ?? null,
      sha256: asset?.sha256 ?? null,
    };
  };
  const matrix = INSTALLERS.filter((installer) => installer.os === os);
  const items = matrix.map((installer) => item(installer.file, installer.label));
  if (os === 'macOS') {
    for (const pkg of macPackages(release)) {
      // The package's processor is named as the matching script's is ("arm64 (Apple Silicon)").
      items.push(item(pkg.file, matrix.find((installer) => installer.arch === pkg.arch)?.label ?? pkg.arch));
    }
  }
  return items;
}

/**
 * A SHA-256 cut for one line: the first and last `keep` characters stay in view and the middle is
 * hidden (still in the text, for copying, find-in-page and screen readers).
 */
export function splitChecksum(sha256: string, keep = 10): {head: string; middle: string; tail: string} {
  if (sha256.length <= keep * 2) return {head: sha256, middle: '', tail: ''};
  return {head: sha256.slice(0, keep), middle: sha256.slice(keep, -keep), tail: sha256.slice(-keep)};
}

/** A one-line command that downloads and starts the installer for an operating system. */
export function installCommand(os: OsName): string {
  if (os === 'Windows') {
    const file = 'Miniforge3-Windows-x86_64.exe';
    return `Invoke-WebRequest -Uri "${latestDownloadUrl(file)}" -OutFile "${file}"; Start-Process -FilePath ".\\${file}" -Wait`;
  }
  // `uname` names the system and `uname -m` the processor; the release carries a copy of each
  // macOS installer under its Darwin name, so one command fits every Mac and Linux machine.
  const file = 'Miniforge3-$(uname)-$(uname -m).sh';
  return `curl -L -O "${latestDownloadUrl(file)}" && bash "${file}"`;
}

/** Where the one-line command runs. */
export const COMMAND_SHELL: Record<OsName, string> = {macOS: 'Terminal', Linux: 'a terminal', Windows: 'PowerShell'};
