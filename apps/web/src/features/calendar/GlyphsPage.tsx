import { useLocation } from 'react-router';
import { GlyphGallery } from '../../components/glyphs/GlyphGallery.tsx';
import { languageOfPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/** A hidden page with every glyph of the product, for review. */
export default function GlyphsPage() {
  usePageTitle('Glyphs');
  return <GlyphGallery lang={languageOfPath(useLocation().pathname)} />;
}
