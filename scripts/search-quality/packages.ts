/**
 * The package map the quality report searches (the live map cannot be fetched here): 25,000
 * generated names built like real ones, with real conda-forge packages and their feedstocks
 * (tests/e2e/fixtures/packages.ts).
 */
export {searchPackageMap as qualityPackageMap} from '../../tests/e2e/fixtures/packages';
