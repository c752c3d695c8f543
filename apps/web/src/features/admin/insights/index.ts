import type { AdminSections } from '../registry.ts';

/** The sections that read the product: the overview, statistics, analytics, experiments, settings and debugging. */
export const INSIGHT_SECTIONS: AdminSections = {};
