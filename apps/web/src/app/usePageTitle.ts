export { usePageTitle } from '../lib/page-title.ts';
