/**
 * The signed-out home's 试做一题: a public sample item scored in the browser. The section is light;
 * the item and its scoring load on demand.
 */
export { SampleItemSection } from './components/sample-item-section';
