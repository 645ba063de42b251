/**
 * Who supports conda-forge, grouped as the project credits them: its fiscal sponsor, then
 * financial, infrastructure and developer support (the groups and names of conda-forge.org's home
 * page). The home page sets each name in type rather than showing logos.
 */
import {LINKS} from '../../../config/links';

export interface Supporter {
  /** The name as the organisation writes it. */
  name: string;
  url: string;
  /** What a short name stands for, shown under it. */
  expansion?: string;
}

export interface SupporterGroup {
  /** Used for the group's heading id. */
  id: string;
  title: string;
  /** One sentence on what this kind of support is. */
  text: string;
  supporters: Supporter[];
}

export const FISCAL_SPONSOR: Supporter = {name: 'NumFOCUS', url: LINKS.numfocus};

const ANACONDA: Supporter = {name: 'Anaconda', url: 'https://www.anaconda.com/'};
const NVIDIA: Supporter = {name: 'NVIDIA', url: 'https://www.nvidia.com/'};
const PREFIX_DEV: Supporter = {name: 'prefix.dev', url: 'https://prefix.dev/'};

export const SUPPORTER_GROUPS: SupporterGroup[] = [
  {
    id: 'financial',
    title: 'Financial support',
    text: 'Money for the infrastructure and the maintenance work.',
    supporters: [NVIDIA],
  },
  {
    id: 'infrastructure',
    title: 'Infrastructure support',
    text: 'Build machines, storage, bandwidth and services given to the project.',
    supporters: [
      ANACONDA,
      {name: 'Cirun', url: 'https://cirun.io/'},
      {name: 'DigitalOcean', url: 'https://www.digitalocean.com/'},
      {name: 'MetroStar', url: 'https://www.metrostar.com/company/'},
      {name: 'Oracle Cloud', url: 'https://www.oracle.com/cloud/'},
      {name: 'Open Source Lab', url: 'https://osuosl.org/'},
      {name: 'OVHcloud', url: 'https://www.ovhcloud.com/'},
      {name: 'Quansight', url: 'https://quansight.com/'},
      {name: 'Travis CI', url: 'https://www.travis-ci.com/'},
      PREFIX_DEV,
      {name: 'Zulip', url: 'https://zulip.com/'},
    ],
  },
  {
    id: 'developer',
    title: 'Developer support',
    text: 'Organizations whose staff work on conda-forge as part of their job.',
    supporters: [
      ANACONDA,
      {name: 'IOOS', url: 'https://ioos.noaa.gov/', expansion: 'Integrated Ocean Observing System'},
      NVIDIA,
      {name: 'Voltron Data', url: 'https://voltrondata.com/'},
      {name: 'Quansight Labs', url: 'https://labs.quansight.org/'},
      {name: 'QuantStack', url: 'https://quantstack.net/'},
      PREFIX_DEV,
      {name: 'QuantCo', url: 'https://www.quantco.com/'},
    ],
  },
];
