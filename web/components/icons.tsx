// The app's one icon set: lucide's SVG icons, drawn in the text colour. Emoji were used before and showed as
// empty boxes on devices without an emoji font; SVG renders everywhere. The catalogue names a mode's icon
// (core/catalog/modes), and this module maps the name to the drawing.

import {
  AppWindow,
  Archive,
  BedDouble,
  CookingPot,
  Droplets,
  Eraser,
  Feather,
  Flame,
  Focus,
  Gem,
  Heart,
  House,
  Lamp,
  LayoutGrid,
  Lightbulb,
  Moon,
  PackageOpen,
  Ruler,
  ShoppingBag,
  ShowerHead,
  Sofa,
  Sparkle,
  Sparkles,
  SprayCan,
  Sun,
  SunMedium,
  Sunset,
  TreeDeciduous,
  Tv,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';

export {
  ArrowLeft,
  Check,
  Download,
  Expand,
  HardDrive,
  ImagePlus,
  Lock,
  RotateCcw,
  ShieldCheck,
  Sun,
  TrendingUp,
  WifiOff,
  X,
} from 'lucide-react';

/** Every icon name the catalogue uses; a test checks that each mode's name is here. */
export const MODE_ICONS: Readonly<Record<string, LucideIcon>> = {
  AppWindow,
  Archive,
  BedDouble,
  CookingPot,
  Droplets,
  Eraser,
  Feather,
  Flame,
  Focus,
  Gem,
  Heart,
  House,
  Lamp,
  LayoutGrid,
  Lightbulb,
  Moon,
  PackageOpen,
  Ruler,
  ShoppingBag,
  ShowerHead,
  Sofa,
  Sparkle,
  Sparkles,
  SprayCan,
  Sun,
  SunMedium,
  Sunset,
  TreeDeciduous,
  Tv,
  WandSparkles,
};

/** A mode's icon by its catalogue name; the general sparkle when a name is unknown. */
export function ModeIcon({ name }: { name: string }) {
  const Icon = MODE_ICONS[name] ?? Sparkles;
  return <Icon aria-hidden="true" focusable="false" size={24} strokeWidth={1.75} />;
}
