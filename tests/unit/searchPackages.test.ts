/**
 * The Packages group of site search (src/lib/search/packages.ts): which queries may name a
 * package, the order of the group and its links.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {packageGroup, packageName, packagePageUrl, PACKAGE_GROUP_LIMIT} from '../../src/lib/search/packages';
import {parseFeedstockOutputs} from '../../src/lib/packages/parse';
import {packageName as canNamePackage} from '../../src/lib/search/packageQuery';

const INDEX = parseFeedstockOutputs({
  libarrow: ['arrow-cpp'],
  'libarrow-acero': ['arrow-cpp'],
  'libarrow-dataset': ['arrow-cpp'],
  'libarrow-flight': ['arrow-cpp'],
  pyarrow: ['arrow-cpp'],
  numpy: ['numpy'],
  numpydoc: ['numpydoc'],
  'odd.name': ['odd name'],
});

test("a query may name a package when it is one word of a name's characters, three or more, not a stop word", () => {
  assert.equal(packageName(' LibArrow '), 'libarrow');
  assert.equal(packageName('conda-forge.yml'), 'conda-forge.yml');
  for (const query of ['', 'np', 'how do I', 'the', 'with', 'sync fork', '<img>', '-numpy']) {
    assert.equal(packageName(query), null, query);
  }
});

test('the rule that decides whether a query loads the Packages group: one token of a name, never a question', () => {
  // What the modal and the search page call on every query before downloading the group's code and the map.
  const names: Array<[string, string]> = [
    ['rerender', 'rerender'],
    [' NumPy ', 'numpy'],
    ['libarrow-acero', 'libarrow-acero'],
    ['python3.12', 'python3.12'],
    ['c++', 'c++'],
    ['r-base', 'r-base'],
    ['7zip', '7zip'],
    ['importlib_metadata', 'importlib_metadata'],
  ];
  for (const [query, name] of names) assert.equal(canNamePackage(query), name, query);
  const never = [
    'how do I sync my fork',
    'sync my fork',
    'what is a feedstock',
    'conda forge',
    'how',
    'what',
    'the',
    'np',
    '',
    '   ',
    'numpy?',
    '"numpy"',
    '-numpy',
    '.hidden',
    'num\tpy',
  ];
  for (const query of never) assert.equal(canNamePackage(query), null, JSON.stringify(query));
  assert.equal(packageName, canNamePackage, 'the group applies the same rule');
});

test('the group: the exact name first, then the shortest names it starts, each with its feedstock', () => {
  const group = packageGroup(INDEX, 'libarrow');
  assert.equal(group.length, PACKAGE_GROUP_LIMIT);
  assert.deepEqual(
    group.map((pkg) => pkg.name),
    ['libarrow', 'libarrow-acero', 'libarrow-flight'],
  );
  assert.deepEqual(group[0], {
    name: 'libarrow',
    href: '/packages/?q=%5Elibarrow%24',
    feedstocks: [{name: 'arrow-cpp', url: 'https://github.com/conda-forge/arrow-cpp-feedstock'}],
  });
  assert.equal(new URLSearchParams(group[0].href.split('?')[1]).get('q'), '^libarrow$');
  assert.deepEqual(
    packageGroup(INDEX, 'nump').map((pkg) => pkg.name),
    ['numpy', 'numpydoc'],
    'a query that starts names',
  );
  assert.deepEqual(packageGroup(INDEX, 'arrow'), [], 'names are matched from their start only');
  assert.deepEqual(packageGroup(INDEX, 'how to'), []);
  assert.deepEqual(
    packageGroup(INDEX, 'odd.name')[0].feedstocks,
    [{name: 'odd name', url: null}],
    'no link to a name GitHub would refuse',
  );
  assert.equal(packagePageUrl('python'), '/packages/?q=%5Epython%24');
});
