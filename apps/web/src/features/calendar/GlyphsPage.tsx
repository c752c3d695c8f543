import { GlyphGallery } from '../../components/glyphs/GlyphGallery.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';

/** A hidden page with every glyph of the product, for review. */
export default function GlyphsPage() {
  usePageTitle('Glyphs');
  return <GlyphGallery lang={usePathLanguage()} />;
}
