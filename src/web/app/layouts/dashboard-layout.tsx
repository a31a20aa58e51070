import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useProfile } from '../../features/auth/api.ts';
import { useIdleSignOut } from '../../features/auth/idle-sign-out.ts';
import { GeneratedPasswordBanner } from '../../features/auth/password-banner.tsx';
import { Icon, LogoMark } from '../../ui/icons.tsx';
import { LoadingState } from '../../ui/states.tsx';
import { paths } from '../paths.ts';
import { useHeadingFocusOnNavigate } from './heading-focus.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { SkipLinks } from './skip-links.tsx';
import { UserMenu } from './user-menu.tsx';

function Logo() {
  return (
    <Link to={paths.dashboard} className="flex items-center gap-2.5 rounded-md">
      <LogoMark className="size-8" />
      <span className="text-base font-semibold tracking-tight text-slate-900">Quality Portal</span>
    </Link>
  );
}

/** Shell: top bar (logo, user menu), the role's sidebar, a slide-over one on small screens. */
export function DashboardLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  useProfile();
  useIdleSignOut();
  useHeadingFocusOnNavigate();

  return (
    <div className="min-h-screen">
      <SkipLinks />

      {/* Slides in by CSS alone and closes at once, as the dialogs do (decision 067). */}
      <Dialog open={menuOpen} onClose={setMenuOpen} aria-label="Sidebar" className="fixed inset-0 z-50 xl:hidden">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 starting:opacity-0" />
        <div className="fixed inset-0 flex">
          <DialogPanel className="relative flex w-full max-w-72 flex-col bg-white shadow-xl transition duration-200 ease-out starting:-translate-x-full">
            <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
              <Logo />
              <button type="button" onClick={() => setMenuOpen(false)} className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700">
                <span className="sr-only">Close sidebar</span>
                <Icon name="close" className="size-6" />
              </button>
            </div>
            <div className="overflow-y-auto p-4">
              <SidebarNav onNavigate={() => setMenuOpen(false)} />
            </div>
          </DialogPanel>
        </div>
      </Dialog>

      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
        <button type="button" onClick={() => setMenuOpen(true)} className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 xl:hidden">
          <span className="sr-only">Open sidebar</span>
          <Icon name="menu" className="size-6" />
        </button>
        <Logo />
        <div className="ml-auto">
          <UserMenu />
        </div>
      </header>

      {/* The white sidebar runs the page's whole height (its row stretches it); the nav inside stays in view. */}
      <div className="xl:flex xl:min-h-[calc(100vh-4rem)]">
        <aside className="hidden border-r border-slate-200 bg-white xl:block xl:w-60 xl:shrink-0">
          <div className="xl:sticky xl:top-16 xl:max-h-[calc(100vh-4rem)] xl:overflow-y-auto xl:p-4">
            <SidebarNav />
          </div>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-7xl">
            <GeneratedPasswordBanner />
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
