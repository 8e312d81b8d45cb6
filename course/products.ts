// What the site sells and for how much: one catalogue for the sales pages and for the
// server, which checks every payment against it before granting anything.
import { PREMIUM_ROLE } from './rules';

export const PRODUCTS = {
  'manifiesta-curso-completo': {
    name: 'Manifiesta: el curso completo',
    amount: 270,
    currency: 'USD',
    /** The price shown crossed out on the enrolment page. */
    listAmount: 770,
    grants: { role: PREMIUM_ROLE },
    /** Who may buy it: the course belongs to an account (it unlocks the learner's lessons). */
    guestPurchase: false,
    /** Where the confirmation page sends the buyer after 3 s. */
    landing: '/cursos/manifiesta',
  },
  'afirmaciones-ebook': {
    name: 'Afirmaciones: el ebook completo',
    amount: 3,
    currency: 'USD',
    /** Its price in an online store, shown crossed out beside the promo. */
    listAmount: 7,
    grants: { entitlement: 'afirmaciones-ebook' },
    /** A guest may buy it with an e-mail address: the download link goes there. */
    guestPurchase: true,
    landing: '/menu',
  },
} as const;

export type ProductId = keyof typeof PRODUCTS;
export const PRODUCT_IDS = Object.keys(PRODUCTS) as [ProductId, ...ProductId[]];
export const isProductId = (id: string): id is ProductId => Object.hasOwn(PRODUCTS, id);

/** Prices quoted on the sales pages that are paid elsewhere (checkout links, messaging). */
export const QUOTED_PRICES = {
  reprogramaSingle: { amount: 177, currency: 'USD' },
  reprogramaWeekly: { amount: 40, currency: 'USD' },
  purposeSession: { amount: 17, currency: 'USD', minutes: 60 },
  masterclassesMonthly: { amount: 17, currency: 'USD' },
  retreatTotal: { amount: 377, currency: 'USD' },
  retreatDeposit: { amount: 177, currency: 'USD' },
} as const;

export const formatPrice = ({ amount, currency }: { amount: number; currency: string }) => `$${amount} ${currency}`;

/**
 * What became of a sale, as the coach's ledger tells it: a checkout nobody paid yet, a payment approved, reversed
 * (refunded, charged back, cancelled), or approved but belonging to no purchase of ours (held until she assigns it).
 */
export const SALE_STATES = ['started', 'approved', 'refunded', 'charged_back', 'cancelled', 'held'] as const;
export type SaleState = (typeof SALE_STATES)[number];
export const SALE_STATE_NAMES: Record<SaleState, string> = {
  started: 'Iniciada',
  approved: 'Pagada',
  refunded: 'Reembolsada',
  charged_back: 'Contracargo',
  cancelled: 'Cancelada',
  held: 'Sin asignar',
};

/** The address a guest's purchase goes to: the checkout's form and the API say the same. */
export const CHECKOUT_EMAIL = 'Ingresa un email válido: ahí te enviaremos tu compra.';
/** The account a held payment is assigned to, by its address: the ledger's form and the API say the same. */
export const ASSIGN_EMAIL = 'Escribe el correo de la cuenta a la que quieres asignar el pago.';
