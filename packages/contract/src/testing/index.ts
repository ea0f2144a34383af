/**
 * Test data, kept out of the production barrel (`@ninety/contract`) so no bundle ships it:
 * tests, fixtures and stories import it from `@ninety/contract/testing`.
 */
export { buildExampleItem } from './example-items';
