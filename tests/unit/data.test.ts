import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parseLiveCounts} from '../../src/lib/home/parse';
import {formatCompact} from '../../src/lib/format/english';
import {
  detectOs,
  downloadItems,
  formatSize,
  INSTALLERS,
  installerKind,
  installCommand,
  latestDownloadUrl,
  macPackages,
  MAX_ASSETS,
  parseLatestRelease,
  splitChecksum,
} from '../../src/lib/download/index';
import {DEFAULT_SOURCES, fillTemplate, resolveSources} from '../../src/lib/data/sources';
import {groupMinutesByYear} from '../../src/lib/minutes/index';
import {DataError} from '../../src/lib/data/validate';
import {liveCounts} from '../e2e/fixtures/live';

// The same document the end-to-end fixtures serve for the home page's statistics.
const counts = liveCounts();

test('live counts become eight tiles in order, issues and PRs added', () => {
  const tiles = parseLiveCounts(counts);
  assert.equal(tiles.length, 8);
  assert.deepEqual(tiles.map((t) => t.label).slice(0, 2), ['Monthly downloads', 'Overall downloads']);
  assert.equal(tiles.find((t) => t.label === 'Issues + PRs')?.value, 310_000);
  assert.equal(formatCompact(612_345_678), '612.3M');
  assert.equal(formatCompact(8_200_000_000), '8.2B');
  assert.equal(formatCompact(27), '27');
});

test('malformed live counts are a DataError, not a crash', () => {
  assert.throws(() => parseLiveCounts(null), DataError);
  assert.throws(() => parseLiveCounts({...counts, downloads: 5}), DataError);
  assert.throws(() => parseLiveCounts({...counts, n_repos: '28k'}), /n_repos is not a number/);
});

test('the visitor OS is guessed from the user agent', () => {
  assert.equal(detectOs('Mozilla/5.0 (Windows NT 10.0; Win64; x64)'), 'Windows');
  assert.equal(detectOs('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)'), 'macOS');
  assert.equal(detectOs('Mozilla/5.0 (X11; Linux x86_64)'), 'Linux');
  assert.equal(detectOs('Mozilla/5.0 (Linux; Android 14; Pixel 8)'), null);
  assert.equal(detectOs('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'), null);
});

test('installers cover the six platforms with stable latest links', () => {
  assert.equal(INSTALLERS.length, 6);
  assert.equal(
    latestDownloadUrl('Miniforge3-Linux-aarch64.sh'),
    'https://github.com/conda-forge/miniforge/releases/latest/download/Miniforge3-Linux-aarch64.sh',
  );
  for (const i of INSTALLERS)
    assert.match(i.file, /^Miniforge3-(MacOSX|Linux|Windows)-(arm64|x86_64|aarch64|ppc64le)\.(sh|exe)$/);
});

test('the latest release answer is validated', () => {
  assert.deepEqual(
    parseLatestRelease({
      tag_name: '25.3.1-0',
      html_url: 'https://github.com/conda-forge/miniforge/releases/tag/25.3.1-0',
      published_at: '2025-08-01T00:00:00Z',
    }),
    {
      version: '25.3.1-0',
      url: 'https://github.com/conda-forge/miniforge/releases/tag/25.3.1-0',
      publishedOn: '2025-08-01',
      assets: new Map(),
    },
  );
  assert.throws(() => parseLatestRelease({message: 'API rate limit exceeded'}), DataError);
});

const SHA = 'ab'.repeat(32);

test('release files: installer names with their SHA-256; anything else is left out', () => {
  const release = parseLatestRelease({
    tag_name: '25.9.1-0',
    assets: [
      {name: 'Miniforge3-Linux-x86_64.sh', digest: `sha256:${SHA.toUpperCase()}`, size: 91_234_567},
      {name: 'Miniforge3-MacOSX-arm64.pkg', digest: `sha256:${SHA}`, size: '90 MB'},
      {name: 'Miniforge3-MacOSX-x86_64.pkg', size: -1},
      {name: 'Miniforge3-Windows-x86_64.exe', digest: 'md5:0123', size: 1e12},
      {name: 'Miniforge3-Linux-x86_64.sh.sha256', digest: `sha256:${SHA}`},
      {name: '../../evil.sh', digest: `sha256:${SHA}`},
      {name: 'Miniforge3-<img src=x>.sh'},
      {name: 42},
      null,
      'Miniforge3-Linux-aarch64.sh',
    ],
  });
  assert.deepEqual(
    [...release.assets.values()],
    [
      // A size is kept when it is a plausible whole number of bytes.
      {name: 'Miniforge3-Linux-x86_64.sh', sha256: SHA, size: 91_234_567},
      {name: 'Miniforge3-MacOSX-arm64.pkg', sha256: SHA, size: null},
      {name: 'Miniforge3-MacOSX-x86_64.pkg', sha256: null, size: null},
      {name: 'Miniforge3-Windows-x86_64.exe', sha256: null, size: null},
    ],
  );
  assert.deepEqual(macPackages(release), [
    {file: 'Miniforge3-MacOSX-arm64.pkg', arch: 'arm64', sha256: SHA},
    {file: 'Miniforge3-MacOSX-x86_64.pkg', arch: 'x86_64', sha256: null},
  ]);
  assert.deepEqual(macPackages(null), []);
  assert.equal(parseLatestRelease({tag_name: 'x', assets: 'nope'}).assets.size, 0, 'an odd file list is an empty one');
  const many = Array.from({length: 100_000}, (_, i) => ({name: `Miniforge3-Linux-x${i}.sh`}));
  assert.equal(parseLatestRelease({tag_name: 'x', assets: many}).assets.size, MAX_ASSETS);
});

test('the installers listed per system: what each button says, with size and checksum from the release', () => {
  const release = parseLatestRelease({
    tag_name: '25.9.1-0',
    assets: [
      {name: 'Miniforge3-MacOSX-arm64.sh', digest: `sha256:${SHA}`, size: 87_400_000},
      {name: 'Miniforge3-MacOSX-x86_64.pkg', size: 8_450_000},
      {name: 'Miniforge3-MacOSX-arm64.pkg', size: 91_000_000},
    ],
  });
  assert.deepEqual(
    downloadItems('macOS', release).map(({file, arch, kind, size, sha256}) => [file, arch, kind, size, sha256]),
    [
      ['Miniforge3-MacOSX-arm64.sh', 'arm64 (Apple Silicon)', 'Command-line installer (.sh)', 87_400_000, SHA],
      ['Miniforge3-MacOSX-x86_64.sh', 'x86_64 (Intel)', 'Command-line installer (.sh)', null, null],
      // The graphical packages the release lists, arm64 first, named like the matching scripts.
      ['Miniforge3-MacOSX-arm64.pkg', 'arm64 (Apple Silicon)', 'Graphical installer (.pkg)', 91_000_000, null],
      ['Miniforge3-MacOSX-x86_64.pkg', 'x86_64 (Intel)', 'Graphical installer (.pkg)', 8_450_000, null],
    ],
  );
  // Without release data: the fixed matrix, on its stable links, without sizes or checksums.
  const windows = downloadItems('Windows', null);
  assert.deepEqual(windows, [
    {
      os: 'Windows',
      file: 'Miniforge3-Windows-x86_64.exe',
      url: latestDownloadUrl('Miniforge3-Windows-x86_64.exe'),
      arch: 'x86_64',
      kind: 'Graphical installer (.exe)',
      size: null,
      sha256: null,
    },
  ]);
  assert.equal(downloadItems('Linux', null).length, 3);
  assert.equal(installerKind('Miniforge3-Linux-x86_64.zip'), 'Installer (.zip)');
});

test('sizes read as download lists write them; a checksum keeps its ends in view', () => {
  assert.equal(formatSize(91_234_567), '91 MB');
  assert.equal(formatSize(8_460_000), '8.5 MB');
  assert.equal(formatSize(9_960_000), '10 MB');
  assert.equal(formatSize(940_000), '940 kB');
  assert.equal(formatSize(1_500_000_000), '1.5 GB');
  assert.equal(formatSize(512), '512 bytes');
  const sha = '0123456789abcdef'.repeat(4);
  const parts = splitChecksum(sha);
  assert.deepEqual([parts.head, parts.tail], ['0123456789', '6789abcdef']);
  assert.equal(parts.head + parts.middle + parts.tail, sha);
  assert.deepEqual(splitChecksum('abc'), {head: 'abc', middle: '', tail: ''});
});

test('one-line install commands: one for Macs and Linux, PowerShell for Windows; the visitor first', () => {
  assert.equal(
    installCommand('Linux'),
    'curl -L -O "https://github.com/conda-forge/miniforge/releases/latest/download/Miniforge3-$(uname)-$(uname -m).sh" && bash "Miniforge3-$(uname)-$(uname -m).sh"',
  );
  assert.equal(installCommand('macOS'), installCommand('Linux'));
  assert.equal(
    installCommand('Windows'),
    'Invoke-WebRequest -Uri "https://github.com/conda-forge/miniforge/releases/latest/download/Miniforge3-Windows-x86_64.exe" -OutFile "Miniforge3-Windows-x86_64.exe"; Start-Process -FilePath ".\\Miniforge3-Windows-x86_64.exe" -Wait',
  );
});

test('data sources can be overridden, unknown keys are ignored', () => {
  const sources = resolveSources({liveCounts: 'http://127.0.0.1/counts.json', nope: 'x', channelRss: 3});
  assert.equal(sources.liveCounts, 'http://127.0.0.1/counts.json');
  assert.equal(sources.channelRss, DEFAULT_SOURCES.channelRss);
  assert.ok(!('nope' in sources));
  assert.equal(
    fillTemplate(DEFAULT_SOURCES.migrationDetails, 'python314'),
    DEFAULT_SOURCES.migrationDetails.replace('{name}', 'python314'),
  );
  assert.match(fillTemplate('x/{name}.json', 'a b'), /a%20b/);
});

test('minutes are grouped by year, newest first', () => {
  const grouped = groupMinutesByYear([
    {date: '2016-04-15', href: '/a/'},
    {date: '2025-10-29', href: '/b/'},
    {date: '2025-01-08', href: '/c/'},
    {date: 'not a date', href: '/d/'},
  ]);
  assert.deepEqual(
    grouped.map((g) => g.year),
    ['2025', '2016'],
  );
  assert.deepEqual(
    grouped[0].meetings.map((m) => m.date),
    ['2025-10-29', '2025-01-08'],
  );
});
