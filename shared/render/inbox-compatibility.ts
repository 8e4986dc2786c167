import { DoIUseEmail } from 'doiuse-email';

// Which HTML and CSS features of a rendered email the mail clients lack, per client family,
// from caniemail.com's data (doiuse-email, offline). The rule (docs/decisions.md "What
// readers see"):
// - a feature counts when caniemail says a client does not support it ('n'), or supports it
//   partly with a note saying the client drops it (DROPPED_NOTE); other partial support
//   (limits on values we do not write, on other account types) counts as supported;
// - features used only in `<style>` rules are enhancements, reported apart and never
//   counted: Gmail's apps with non-Gmail accounts and Gmail's mobile web drop the block
//   whole, so every letter must already read right on its inline styles (the phone
//   stacking, dark mode and link colours live there);
// - a feature some other part of the email stands in for, or that asks for what a client
//   does anyway, is `covered` (COVERED, each with its reason) and not counted.
// Each feature names the sections (by uniqueId) whose HTML uses it, when section HTML is
// given; none means the letter's own frame (wrapper, preheader, view-in-browser line).

export const CLIENT_FAMILIES = {
  gmail: { label: 'Gmail', clients: ['gmail.desktop-webmail', 'gmail.ios', 'gmail.android', 'gmail.mobile-webmail'] },
  appleMail: { label: 'Apple Mail', clients: ['apple-mail.macos', 'apple-mail.ios'] },
  outlookWindows: { label: 'Outlook for Windows', clients: ['outlook.windows'] },
  windowsMail: { label: 'Windows Mail', clients: ['outlook.windows-mail'] },
  outlookMac: { label: 'Outlook for Mac', clients: ['outlook.macos'] },
  outlookMobile: { label: 'Outlook for iOS and Android', clients: ['outlook.ios', 'outlook.android'] },
  yahoo: { label: 'Yahoo Mail', clients: ['yahoo.desktop-webmail', 'yahoo.ios', 'yahoo.android'] },
  aol: { label: 'AOL Mail', clients: ['aol.desktop-webmail', 'aol.ios', 'aol.android'] },
  samsungEmail: { label: 'Samsung Email', clients: ['samsung-email.android'] },
} as const;

export type ClientFamily = keyof typeof CLIENT_FAMILIES;
export const CLIENT_FAMILY_IDS = Object.keys(CLIENT_FAMILIES) as ClientFamily[];

export interface UnsupportedFeature {
  /** caniemail's title of the feature, e.g. `border-radius` or `target attribute`. */
  feature: string;
  /** The family's clients that lack it (caniemail's ids, e.g. `gmail.ios`). */
  clients: string[];
  /** Sections whose HTML uses it, by uniqueId; empty when only the letter's frame does. */
  sectionIds: string[];
  /** The declarations that use it as written (`float:none`), for CSS features. */
  declarations: string[];
  /** Why it does no harm, for a covered feature. */
  coveredBy?: string;
}

export interface FamilyCompatibility {
  family: ClientFamily;
  label: string;
  /** What readers of this family see go wrong: the features the check counts. */
  unsupported: UnsupportedFeature[];
  /** Lacking, but something else in the email does its job (or it asks for the default). */
  covered: UnsupportedFeature[];
  /** Used only in `<style>` rules, which the email does not depend on. */
  styleOnly: UnsupportedFeature[];
}

export interface SectionHtml {
  uniqueId: string;
  /** The section's compiled body HTML (compile-each-section.ts). */
  html: string;
}

/**
 * A partial support whose note says the client throws the feature away for every reader:
 * 'Not supported.', '… is removed', '… are ignored'. Notes that limit it to some values,
 * placements or account types ('Not supported with non Gmail accounts', 'Negative values
 * are not supported') leave it supported.
 */
function saysDropped(note: string): boolean {
  const text = note.trim();
  if (/\b(accounts?|values?|inside|when|if|unless|only)\b/i.test(text)) return false;
  return /^(partial(ly supported)?\.\s*)?not supported\.?$/i.test(text) || /\b(is|are|gets?|gets) (removed|stripped|ignored)\b/i.test(text);
}

/** One feature of one client found in the HTML: where (a `<style>` rule or inline) and as written. */
export interface FeatureUse {
  feature: string;
  client: string;
  inStyle: boolean;
  declaration: string | null;
}

interface CoveredRule {
  feature: string;
  /** Applies only to these declarations (`float:none`), when given. */
  declarations?: readonly string[];
  /** Applies only when no section uses it: the letter's frame alone. */
  frameOnly?: boolean;
  reason: string;
}

const PREHEADER = 'Only the hidden preheader uses it; it is hidden by display:none, a zero-size box with overflow hidden, opacity 0 and mso-hide:all at once, and every client lacks at most one of them.';

/** Features a client may lack without a reader seeing anything wrong, and why. */
export const COVERED: readonly CoveredRule[] = [
  { feature: 'target attribute', reason: 'These clients open every link in a new window or tab themselves (caniemail).' },
  { feature: '<body> element', reason: "The body is replaced by a div; MJML repeats the body's background colour on its own wrapper div." },
  { feature: 'display:none', frameOnly: true, reason: PREHEADER },
  { feature: 'opacity', frameOnly: true, reason: PREHEADER },
  { feature: 'overflow', frameOnly: true, reason: PREHEADER },
  { feature: 'float', declarations: ['float:none'], reason: 'float:none asks for what a client without float does anyway.' },
  { feature: 'border-radius', declarations: ['border-radius:0', 'border-radius:0px'], reason: 'Square corners are what a client without border-radius shows anyway.' },
  { feature: 'outline', declarations: ['outline:none'], reason: 'outline:none (MJML\'s image reset) asks for what a client without outline does anyway.' },
  { feature: 'table-layout', declarations: ['table-layout:auto'], reason: 'table-layout:auto is the default layout of every table.' },
  {
    feature: 'word-break',
    declarations: ['word-break:break-word'],
    reason: "MJML's break-word on column cells lets a very long word wrap; clients without word-break have no other way to break one (caniemail lists overflow-wrap as unsupported there too), so nothing could do better.",
  },
  {
    feature: '<link> element',
    frameOnly: true,
    reason: "Only the web fonts' stylesheets (mj-font) use it; a client that drops it shows the font stack's next family, which ends in a generic one.",
  },
  { feature: 'aria-label attribute', reason: 'An accessible name only: a client that drops it shows the same email.' },
  { feature: 'role attribute', reason: 'Accessibility only: a client that drops it shows the same email.' },
];

export function covering(feature: string, declarations: readonly string[], sectionIds: readonly string[]): CoveredRule | undefined {
  return COVERED.find(
    (rule) =>
      rule.feature === feature &&
      (!rule.frameOnly || sectionIds.length === 0) &&
      (!rule.declarations || declarations.every((d) => rule.declarations!.includes(d))),
  );
}

const NOT_SUPPORTED = /^`(.+)` is not supported by `(.+)`$/;
const PARTIAL = /^`(.+)` is only partially supported by `(.+)`$/;
const NOTE = /^Note about `(.+)` support for `(.+)`: (.*)$/s;

type Outcome = { feature: string; client: string }[];

/**
 * What checking a feature title, or a CSS declaration, finds for a set of clients depends on
 * nothing else, and an email repeats the same few declarations on every element: each is
 * looked up in caniemail's data once (most of the check's cost otherwise). Titles are at
 * most caniemail's features; declarations are forgotten past DECLARATIONS_KEPT, since an
 * HTML block may bring any number.
 */
interface Known {
  titles: Map<string, Outcome>;
  declarations: Map<string, Outcome>;
}
const KNOWN = new Map<string, Known>();
const DECLARATIONS_KEPT = 20_000;

function knownFor(clients: readonly string[]): Known {
  const key = clients.join(',');
  let known = KNOWN.get(key);
  if (!known) KNOWN.set(key, (known = { titles: new Map(), declarations: new Map() }));
  return known;
}

/**
 * doiuse-email's checker, recording each finding with where it was found (a `<style>` rule
 * or the document) and the declaration checked, instead of only its message.
 */
class RecordingChecker extends DoIUseEmail {
  readonly uses: FeatureUse[] = [];
  private inStyle = false;
  private declaration: string | null = null;
  private partial: FeatureUse | null = null;
  private readonly known = knownFor(this.emailClients);

  /** Runs `check`, or replays what it found the first time for `key`, recording the uses either way. */
  private once(cache: Map<string, Outcome>, key: string, check: () => void): void {
    const outcome = cache.get(key);
    if (outcome) {
      for (const { feature, client } of outcome) this.record(feature, client);
      return;
    }
    const before = this.uses.length;
    check();
    if (cache.size >= DECLARATIONS_KEPT) cache.clear();
    cache.set(key, this.uses.slice(before).map(({ feature, client }) => ({ feature, client })));
  }

  override checkStylesheet(...args: Parameters<DoIUseEmail['checkStylesheet']>): void {
    this.inStyle = true;
    try {
      super.checkStylesheet(...args);
    } finally {
      this.inStyle = false;
    }
  }

  override checkCSSDeclarations(declarations: Array<{ property: string; value: string }>): void {
    // One at a time, so each finding knows its declaration.
    for (const declaration of declarations) {
      this.declaration = `${declaration.property}:${String(declaration.value).trim()}`.toLowerCase();
      this.once(this.known.declarations, `${declaration.property}:${declaration.value}`, () => super.checkCSSDeclarations([declaration]));
    }
    this.declaration = null;
  }

  override checkFeaturesSupport(featureTitles: string | string[]): void {
    for (const title of [featureTitles].flat()) {
      this.once(this.known.titles, title, () => {
        // A feature caniemail has no data on for one of the clients (Thunderbird and others
        // lack some) is skipped rather than ending the whole check.
        try {
          super.checkFeaturesSupport(title);
        } catch (error) {
          if (!(error instanceof Error && /not found/.test(error.message))) throw error;
        }
        this.partial = null;
      });
    }
  }

  private record(feature: string, client: string): void {
    this.uses.push({ feature, client, inStyle: this.inStyle, declaration: this.declaration });
  }

  override error(message: string): void {
    super.error(message);
    const match = NOT_SUPPORTED.exec(message);
    if (match) this.record(match[1]!, match[2]!);
  }

  override warning(message: string): void {
    super.warning(message);
    const match = PARTIAL.exec(message);
    this.partial = match ? { feature: match[1]!, client: match[2]!, inStyle: this.inStyle, declaration: this.declaration } : null;
  }

  override note(message: string): void {
    super.note(message);
    const match = NOTE.exec(message);
    const partial = this.partial;
    if (!match || !partial || partial.feature !== match[1] || partial.client !== match[2]) return;
    if (saysDropped(match[3]!)) {
      this.uses.push(partial);
      this.partial = null;
    }
  }
}

/** The caniemail clients of the families, each once. */
export function clientsOf(families: readonly ClientFamily[]): string[] {
  return [...new Set(families.flatMap((family) => CLIENT_FAMILIES[family].clients))];
}

/** Every use in `html` of a feature one of `clients` lacks (doiuse-email's check, recorded). */
export function featureUses(html: string, clients: readonly string[]): FeatureUse[] {
  const checker = new RecordingChecker({ emailClients: [...clients] });
  checker.check(html);
  return checker.uses;
}

function familyCompatibility(family: ClientFamily, uses: readonly FeatureUse[], sectionUses: readonly { uniqueId: string; uses: readonly FeatureUse[] }[]): FamilyCompatibility {
  const { label, clients } = CLIENT_FAMILIES[family];
  const ofFamily = (use: FeatureUse): boolean => (clients as readonly string[]).includes(use.client);
  const byFeature = new Map<string, FeatureUse[]>();
  for (const use of uses.filter(ofFamily)) byFeature.set(use.feature, [...(byFeature.get(use.feature) ?? []), use]);

  const result: FamilyCompatibility = { family, label, unsupported: [], covered: [], styleOnly: [] };
  for (const [feature, found] of byFeature) {
    const inline = found.filter((use) => !use.inStyle);
    const counted = inline.length > 0 ? inline : found;
    const declarations = [...new Set(counted.map((use) => use.declaration).filter((d): d is string => d !== null))].sort();
    const entry: UnsupportedFeature = {
      feature,
      clients: [...new Set(counted.map((use) => use.client))].sort(),
      sectionIds:
        inline.length > 0
          ? sectionUses.filter((s) => s.uses.some((use) => use.feature === feature && !use.inStyle && ofFamily(use))).map((s) => s.uniqueId)
          : [],
      declarations,
    };
    if (inline.length === 0) {
      result.styleOnly.push(entry);
      continue;
    }
    const rule = covering(feature, declarations, entry.sectionIds);
    if (rule) result.covered.push({ ...entry, coveredBy: rule.reason });
    else result.unsupported.push(entry);
  }
  return result;
}

/**
 * The features of `html` each client family lacks. `sections` (each top-level section's
 * compiled HTML) lets each feature name the sections that use it.
 */
export function checkInboxCompatibility(
  html: string,
  sections: readonly SectionHtml[] = [],
  families: readonly ClientFamily[] = CLIENT_FAMILY_IDS,
): FamilyCompatibility[] {
  // One pass over every client of the families asked for, then split per family.
  const clients = clientsOf(families);
  const uses = featureUses(html, clients);
  const sectionUses = sections.map((section) => ({ uniqueId: section.uniqueId, uses: featureUses(section.html, clients) }));
  return families.map((family) => familyCompatibility(family, uses, sectionUses));
}

/** One line per counted feature, e.g. "Outlook for Windows: border-radius (sections every-button)". */
export function describeUnsupported(report: FamilyCompatibility): string[] {
  return report.unsupported.map((entry) => {
    const where = entry.sectionIds.length > 0 ? `sections ${entry.sectionIds.join(', ')}` : "the letter's frame";
    const written = entry.declarations.length > 0 ? ` [${entry.declarations.join('; ')}]` : '';
    return `${report.label}: ${entry.feature}${written} in ${where} (${entry.clients.join(', ')})`;
  });
}
