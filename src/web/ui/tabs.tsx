import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../lib/cn.ts';

const tabClass = (selected: boolean) =>
  cn(
    'border-b-2 px-1 pb-3 text-sm font-medium whitespace-nowrap transition-colors focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600',
    selected ? 'border-brand-600 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800',
  );

export interface TabItem {
  label: string;
  content: ReactNode;
}

/** In-page tabs (e.g. 'Step 1', 'Step 2'): Headless UI gives the tablist roles and arrow keys. */
export function Tabs({ tabs, label }: { tabs: readonly TabItem[]; label: string }) {
  return (
    <TabGroup>
      <TabList aria-label={label} className="-mb-px flex gap-6 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab) => (
          <Tab key={tab.label} className={({ selected }) => tabClass(selected)}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((tab) => (
          <TabPanel key={tab.label} className="focus:outline-none">
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

/**
 * Tabs that are routes (Configurations: 'Field Mapping', 'Config'): links, so each tab has a URL,
 * with aria-current on the open one.
 */
export function LinkTabs({ tabs, label }: { tabs: readonly { label: string; to: string }[]; label: string }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-6 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className={({ isActive }) => cn('block', tabClass(isActive))}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
