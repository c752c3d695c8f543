import type { ProductDto } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OwnedNotice } from '../../components/OwnedProgramme.tsx';
import { Testimonials } from '../../components/Testimonials.tsx';
import { LANGUAGE_CONFIG, type Language, localizedPath, productsShown } from '../../lib/languages.ts';
import { heldProgrammeOf, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatMoney } from '../../lib/plans.ts';
import { usePathLanguage, useRouteEntry, useRouteParams } from '../../lib/route-match.ts';
import { useSession } from '../auth/session.ts';
import { COMMERCE_KEYS, fetchProduct, fetchProducts, fetchVariations } from './api.ts';
import './commerce.css';

/** The price of a product in the language's currency: roubles for Russian, dollars otherwise. */
export function productPrice(product: ProductDto, lang: Language): string {
  return lang === 'ru' ? formatMoney(product.prices.RUB, 'RUB', lang) : formatMoney(product.prices.USD, 'USD', lang);
}

const checkoutLink = (lang: Language, product: ProductDto, source: string) =>
  `${localizedPath(lang, '/checkout')}?${new URLSearchParams({ product: product.id, source })}`;

/** The signed-in user's programme that a product would sell again, if they hold one that has not ended. */
function useHeldProgramme(product: ProductDto, lang: Language) {
  const session = useSession();
  const user = session.status === 'authenticated' && !session.user?.isOfflineUser ? session.user : null;
  const owned = useOwnedProgrammes(user ? String(user.id) : null, lang);
  return heldProgrammeOf(owned.data, product);
}

/** Buy, or for a programme the user already holds, that they own it and when it starts. */
function BuyOrOwned({
  product,
  lang,
  source,
  className,
}: {
  product: ProductDto;
  lang: Language;
  source: string;
  className: string;
}) {
  const { t } = useTranslation('commerce');
  const held = useHeldProgramme(product, lang);
  if (held) return <OwnedNotice programme={held} lang={lang} />;
  return (
    <Link className={className} to={checkoutLink(lang, product, source)} data-testid="buy">
      {t('products.buy')}
    </Link>
  );
}

function ProductCard({ product, lang }: { product: ProductDto; lang: Language }) {
  const { t } = useTranslation('commerce');
  const detail = product.id === '13moons' ? '/products/13moons' : `/products/${product.id}`;
  return (
    <article className="product-card" data-testid={`product-${product.id}`}>
      <h2 className="h4">{product.name}</h2>
      <p className="text-body-secondary">{product.shortDescription}</p>
      <p className="product-price">{productPrice(product, lang)}</p>
      <p className="small text-body-secondary">{t('products.days', { count: product.days })}</p>
      <div className="mt-auto commerce-actions">
        <BuyOrOwned product={product} lang={lang} source="products" className="btn btn-primary" />
        <Link className="btn btn-outline-secondary" to={localizedPath(lang, detail)}>
          {t('products.more')}
        </Link>
      </div>
    </article>
  );
}

function Catalogue({ lang }: { lang: Language }) {
  const { t } = useTranslation('commerce');
  const list = useQuery({ queryKey: COMMERCE_KEYS.products(lang), queryFn: () => fetchProducts(lang) });
  const programmes = (list.data?.products ?? []).filter((p) => p.type === 'program');
  return (
    <>
      <header className="text-center mb-4">
        <h1 className="h2">{t('products.title')}</h1>
        <p className="text-body-secondary">{t('products.subtitle')}</p>
      </header>
      {list.data?.message && (
        <div className="alert alert-warning" role="status" data-testid="products-message">
          {list.data.message}
        </div>
      )}
      {list.isPending ? (
        <p className="text-center text-body-secondary">{t('loading')}</p>
      ) : (
        <div className="product-grid">
          {programmes.map((product) => (
            <ProductCard key={product.id} product={product} lang={lang} />
          ))}
        </div>
      )}
      <p className="text-center mt-4">
        <Link to={localizedPath(lang, '/subscription')}>{t('products.plansLink')}</Link>
      </p>
    </>
  );
}

function Variations({ product, lang }: { product: ProductDto; lang: Language }) {
  const { t } = useTranslation('commerce');
  const variations = useQuery({
    queryKey: COMMERCE_KEYS.variations(product.id, lang),
    queryFn: () => fetchVariations(product.id, lang),
    enabled: product.has_variations,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!product.has_variations) return null;
  if (variations.isError) {
    return (
      <p className="text-danger" role="alert">
        {(variations.error as Error).message}
      </p>
    );
  }
  return (
    <section aria-labelledby="variations-title" className="mt-4">
      <h2 id="variations-title" className="h4">
        {t('products.variations')}
      </h2>
      <div className="product-grid">
        {(variations.data ?? []).map((variation) => (
          <article key={variation.id} className="product-card" data-testid={`variation-${variation.id}`}>
            <h3 className="h5">{variation.variation_name_i18n[lang] ?? variation.name}</h3>
            <p className="text-body-secondary">{variation.shortDescription}</p>
            <p className="product-price">{productPrice(variation, lang)}</p>
            <div className="mt-auto">
              <BuyOrOwned product={variation} lang={lang} source="product_page" className="btn btn-primary" />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

function ProductDetail({ id, lang }: { id: string; lang: Language }) {
  const { t } = useTranslation('commerce');
  const product = useQuery({ queryKey: COMMERCE_KEYS.product(id, lang), queryFn: () => fetchProduct(id, lang) });
  usePageTitle(product.data?.name);
  if (product.isPending) return <p className="text-center text-body-secondary">{t('loading')}</p>;
  if (product.isError || !product.data) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('products.notFound')} <Link to={localizedPath(lang, '/products')}>{t('products.title')}</Link>
      </div>
    );
  }
  const item = product.data;
  return (
    <article data-testid="product-detail">
      <p className="mb-1">
        <Link to={localizedPath(lang, '/products')}>← {t('products.title')}</Link>
      </p>
      <h1 className="h2">{item.name}</h1>
      {item.usp_i18n[lang] && <p className="lead">{item.usp_i18n[lang]}</p>}
      <div className="commerce-panel">
        <p>{item.longDescription || item.description}</p>
        {item.highlights.length > 0 && (
          <ul className="product-highlights">
            {item.highlights.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <p className="product-price" data-testid="product-price">
          {productPrice(item, lang)}
        </p>
        {!item.has_variations && (
          <BuyOrOwned product={item} lang={lang} source="product_page" className="btn btn-primary btn-lg" />
        )}
      </div>
      <Variations product={item} lang={lang} />
      <Testimonials lang={lang} />
    </article>
  );
}

/** /products, /products/13moons and /products/{productId}: the programmes on sale (spec 001 section 2). */
export default function ProductsPage() {
  const { t } = useTranslation('commerce');
  const lang = usePathLanguage();
  const entry = useRouteEntry();
  const params = useRouteParams();
  const id = entry.path === '/products/13moons' ? '13moons' : params.productId;
  usePageTitle(id ? null : t('products.title'));
  return (
    <section className="commerce-page" data-testid="products-page">
      {id ? (
        <ProductDetail id={id} lang={lang} />
      ) : productsShown(LANGUAGE_CONFIG[lang]) ? (
        <>
          <Catalogue lang={lang} />
          <Testimonials lang={lang} />
        </>
      ) : (
        // The programmes are on sale in the languages the language config enables them for (spec 000 section 6).
        <div className="commerce-narrow text-center" data-testid="products-language-note">
          <h1 className="h2">{t('products.title')}</h1>
          <p className="text-body-secondary">{t('products.languageNote')}</p>
          <div className="commerce-actions justify-content-center">
            <Link className="btn btn-primary" to={localizedPath(lang, '/subscription')}>
              {t('products.plansLink')}
            </Link>
            <Link className="btn btn-outline-secondary" to="/products" hrefLang="ru">
              {t('products.russianCatalogue')}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
