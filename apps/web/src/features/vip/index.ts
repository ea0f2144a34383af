/**
 * VIP (issue 21): what members get, the plans on sale (prices passed in from the orders feature
 * by the page) and the FAQ, for the `vip` and `wow-vip` pages.
 */
export { VipBenefits } from './components/vip-benefits';
export { VipPlanList, type VipPlanListProps } from './components/vip-plan-list';
export { VipFaq } from './components/vip-faq';
