import type { ComponentType, LazyExoticComponent } from 'react';

/** An admin section's page, loaded only when an administrator opens it. */
export type AdminSection = LazyExoticComponent<ComponentType>;

/** Admin sections by the route table's title key (`adminUsers`, `adminCharts` ...). */
export type AdminSections = Partial<Record<string, AdminSection>>;
