import { EnrichmentWizard } from './enrichment-wizard';

// One component per route, so each step loads on its own address (SPEC §2 routes).
export const ProductPage = () => <EnrichmentWizard step="product" />;
export const CopyrightPage = () => <EnrichmentWizard step="copyright" />;
export const TagPage = () => <EnrichmentWizard step="tag" />;
export const SummaryPage = () => <EnrichmentWizard step="summary" />;
