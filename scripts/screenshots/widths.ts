/**
 * The widths every screen is looked at: a wide desktop, a small laptop or a tablet held
 * sideways, and a phone. `device` names the PNGs; `phone` is below the sidebar's breakpoint
 * (lg, 1024 px), where the sidebar becomes a slide-over.
 */
export const SCREENS = [
  { device: '1440', width: 1440, height: 900, phone: false },
  { device: '1024', width: 1024, height: 768, phone: false },
  { device: '375', width: 375, height: 812, phone: true },
] as const;
