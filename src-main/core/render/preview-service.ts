import type { Preview } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { COMPANY_CHANNEL_SLUG, type Channel } from '../../../shared/model/channel';
import type { Letter } from '../../../shared/model/letter';
import { parseSections } from '../../../shared/model/section';
import {
  createIncrementalRenderer,
  insightsOptions,
  letterInsights,
  letterRenderInput,
  type IncrementalRenderer,
  type IncrementalRenderResult,
  type LetterRenderContext,
  type LetterRenderInput,
  type RenderChannel,
} from '../../../shared/render';

// Live preview in the core: each open letter keeps an incremental renderer, so an edit
// recompiles only the sections it touched and the window never waits on a whole compile.

/** Letters whose renderers are kept; older ones are dropped (reopening one renders it whole). */
const KEPT_RENDERERS = 4;

function renderChannel(channel: Channel | null): RenderChannel | null {
  if (!channel) return null;
  return {
    title: channel.title,
    channelName: channel.channelName,
    channelSlug: channel.channelSlug,
    brandSlug: channel.brandSlug,
    accentColor: channel.accentColor,
    fontColor: channel.fontColor,
    backgroundColor: channel.backgroundColor,
    logoUrl: channel.channelSquareLogo,
    // Set on the channel settings screen; the footer shows it (a platform without the screen sends none).
    contactAddress: channel.contactAddress
      ? { street: channel.contactAddress.street, city: channel.contactAddress.city, state: channel.contactAddress.state, postal: channel.contactAddress.postal }
      : null,
    footerLanguage: channel.footerLanguage,
    madeWithCredit: channel.madeWithCredit,
    viewInBrowserLink: channel.viewInBrowserLink,
  };
}

export function createPreviewService(deps: { platformUrl: string; findChannel: (brandSlug: string, channelSlug: string) => Channel | null }) {
  const renderers = new Map<string, IncrementalRenderer>();

  function rendererFor(uniqueId: string): IncrementalRenderer {
    let renderer = renderers.get(uniqueId);
    if (renderer) renderers.delete(uniqueId);
    else renderer = createIncrementalRenderer();
    renderers.set(uniqueId, renderer);
    for (const oldest of renderers.keys()) {
      if (renderers.size <= KEPT_RENDERERS) break;
      renderers.delete(oldest);
    }
    return renderer;
  }

  /** The letter rendered by its own incremental renderer: what the preview and the inbox check read. */
  async function render(letter: Letter): Promise<{ input: LetterRenderInput; result: IncrementalRenderResult }> {
    let sections;
    try {
      sections = parseSections(letter.blocks);
    } catch {
      throw new AppError('invalid_input', 'This letter’s blocks cannot be read, so it cannot be previewed.');
    }
    const context: LetterRenderContext = {
      channel: renderChannel(deps.findChannel(letter.brandSlug, letter.channelSlug)),
      platformUrl: deps.platformUrl.replace(/\/+$/, ''),
      isCompanyLevel: letter.channelSlug === COMPANY_CHANNEL_SLUG,
      year: new Date().getFullYear(),
      isEngagementSegment: false,
    };
    const input = letterRenderInput(letter, sections, context);
    return { input, result: await rendererFor(letter.uniqueId).render(input) };
  }

  return {
    render,
    async preview(letter: Letter): Promise<Preview> {
      const { input, result } = await render(letter);
      return {
        html: result.html,
        insights: letterInsights(result.html, insightsOptions(input)),
        errors: result.errors.map((issue) => `Line ${issue.line}, <${issue.tagName}>: ${issue.message}`),
      };
    },
  };
}

export type PreviewService = ReturnType<typeof createPreviewService>;
