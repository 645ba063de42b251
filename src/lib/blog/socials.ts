/**
 * The social links of a blog author (`socials` in blog/authors.yml), shaped for a plain list of
 * text links. The classic theme draws a brand icon for each platform; its twelve inline SVGs were
 * about 6 KB gzip on every blog and news page, for authors (teams) that list no socials at all.
 */
import {safeUrl} from '../data/safeUrl';

/** Display names of the platforms the blog plugin knows; any other key is shown as written. */
export const PLATFORM_LABELS: Readonly<Record<string, string>> = {
  bluesky: 'Bluesky',
  email: 'Email',
  github: 'GitHub',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
  stackoverflow: 'Stack Overflow',
  threads: 'Threads',
  twitch: 'Twitch',
  twitter: 'Twitter',
  x: 'X',
  youtube: 'YouTube',
};

export interface SocialLink {
  platform: string;
  label: string;
  href: string;
}

/**
 * One link per platform, in the order written, for values that are http(s) addresses or, for
 * `email`, a `mailto:` address. Anything else (another scheme, a handle the blog plugin did not
 * expand) is left out rather than linked.
 */
export function socialLinks(socials: Readonly<Record<string, unknown>> | undefined): SocialLink[] {
  const links: SocialLink[] = [];
  for (const [platform, value] of Object.entries(socials ?? {})) {
    const href = platform === 'email' ? mailto(value) : safeUrl(value);
    if (href) links.push({platform, label: Object.hasOwn(PLATFORM_LABELS, platform) ? PLATFORM_LABELS[platform] : platform, href});
  }
  return links;
}

function mailto(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim().replace(/^mailto:/i, '');
  return /^[^\s@:/?#]+@[^\s@:/?#]+$/.test(address) ? `mailto:${address}` : null;
}
