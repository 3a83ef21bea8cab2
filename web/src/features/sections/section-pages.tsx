import { SectionPage } from './section-page';

// One component per route, so each route can load its own page.
export const ProductPage = () => <SectionPage section="product" />;
export const CopyrightPage = () => <SectionPage section="copyright" />;
export const TagPage = () => <SectionPage section="tag" />;
export const SummaryPage = () => <SectionPage section="summary" />;
