import { useLocation } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { GlyphGallery } from '../../components/glyphs/GlyphGallery.tsx';
import { languageOfPath } from '../../lib/languages.ts';

/** A hidden page with every glyph of the product, for review. */
export default function GlyphsPage() {
  usePageTitle('Glyphs');
  return <GlyphGallery lang={languageOfPath(useLocation().pathname)} />;
}
