import { Outlet } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { LinkTabs } from '../../ui/tabs.tsx';
import { paths } from '../paths.ts';

const TABS = [
  { label: 'Field Mapping', to: paths.fieldMapping },
  { label: 'Config', to: paths.emailConfig },
] as const;

/** Configurations: tabs 'Field Mapping' and 'Config', each its own sub-route. */
export function ConfigurationsLayout() {
  return (
    <>
      <PageHeader title="Configurations" description="Arena field mappings and notification recipients." />
      <LinkTabs label="Configurations" tabs={TABS} />
      <Outlet />
    </>
  );
}
