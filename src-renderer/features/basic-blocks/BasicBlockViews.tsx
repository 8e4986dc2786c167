import { FOOTER_TEXT, PRODUCT_NAME, showsMadeWithCredit } from '../../../shared/model/blocks/footer';
import { useChannel } from '../../app/use-channel';
import type { LetterSettings, SectionOf } from '../../../shared/model';
import { imageWidthOf, logoAlt } from '../../../shared/model';
import { Placeholder } from '../../block-kit/Placeholder';
import { VideoThumbnail } from './VideoThumbnail';

// Canvas views of the simple blocks, drawn close to the email: the preview pane shows the
// exact rendering, so these keep to what an editor needs to recognise and arrange.

const justify = (align: string) => (align === 'left' ? 'flex-start' : align === 'right' ? 'flex-end' : 'center');

export function ButtonView({ section }: { section: SectionOf<'button'> }) {
  const m = section.blockModel;
  const p = m.innerPadding;
  return (
    <div style={{ display: 'flex', justifyContent: justify(m.align), padding: `${m.buttonSpacing}px 0` }}>
      <span
        style={{
          display: 'inline-block',
          width: m.buttonWidth > 0 ? `${m.buttonWidth}%` : undefined,
          textAlign: 'center',
          background: m.backgroundColor,
          color: m.color,
          borderRadius: m.borderRadius,
          fontWeight: 'bold',
          padding: `${p.top}px ${p.right}px ${p.bottom}px ${p.left}px`,
        }}
      >
        {m.value}
      </span>
    </div>
  );
}

export function DividerView({ section }: { section: SectionOf<'divider'> }) {
  const m = section.blockModel;
  return <hr aria-label="Divider" style={{ border: 0, borderTop: `${m.width}px ${m.style} ${m.color}`, margin: 0 }} />;
}

export function ImageView({ section, placeholder }: { section: SectionOf<'image' | 'logo' | 'youtube'>; placeholder: string }) {
  const m = section.blockModel;
  if (!m.src) return <Placeholder>{placeholder}</Placeholder>;
  const full = m.align === 'full width';
  return (
    <div style={{ display: 'flex', justifyContent: justify(m.align), position: 'relative' }}>
      <img
        src={m.src}
        alt={m.alt}
        style={{ width: full ? '100%' : m.hasOriginalImageWidth ? undefined : imageWidthOf(m), maxWidth: '100%', borderRadius: m.borderRadius }}
      />
    </div>
  );
}

/**
 * The logo block: its own image, else the channel's square logo, as the email draws it
 * (shared/render/blocks/media.ts). At company level the logo comes from each channel's
 * settings when the letter goes out, so there is none to show.
 */
export function LogoView({ section, letter }: { section: SectionOf<'logo'>; letter: { brandSlug: string; channelSlug: string } }) {
  const channel = useChannel(letter.brandSlug, letter.channelSlug);
  if (letter.channelSlug === 'company') return <Placeholder>Logo placeholder</Placeholder>;
  const src = section.blockModel.src || channel?.channelSquareLogo || '';
  const alt = section.blockModel.alt || (channel ? logoAlt(channel.title) : '');
  return <ImageView section={{ ...section, blockModel: { ...section.blockModel, src, alt } }} placeholder="Logo placeholder" />;
}

/** A YouTube block: its thumbnail in the video's shape, with the play icon when it has one. */
export function YoutubeView({ section }: { section: SectionOf<'youtube'> }) {
  const m = section.blockModel;
  if (!m.src) return <Placeholder>YouTube placeholder</Placeholder>;
  const full = m.align === 'full width';
  return (
    <div style={{ display: 'flex', justifyContent: justify(m.align) }}>
      <VideoThumbnail src={m.src} playIcon={m.hasPlayIcon} width={full || m.hasOriginalImageWidth ? '100%' : imageWidthOf(m)} borderRadius={m.borderRadius} />
    </div>
  );
}

export function SocialView({ section }: { section: SectionOf<'profile' | 'share'> }) {
  const models = section.blockModel.models;
  const complete = section.type === 'share' ? models.length > 0 : models.length > 0 && models.every((model) => model.url.trim() !== '');
  if (!complete) return <Placeholder>{section.type === 'share' ? 'Share placeholder' : 'Profiles placeholder'}</Placeholder>;
  return (
    <div style={{ display: 'flex', gap: 12, justifyContent: justify(section.blockModel.align), flexWrap: 'wrap' }}>
      {models.map((model) => (
        <span key={model.id}>{model.text || model.name}</span>
      ))}
    </div>
  );
}

/** The email's footer lines as the reader will see them (shared/render/blocks/footer.ts). */
export function FooterView(props: { section: SectionOf<'footer'>; settings: LetterSettings; companyLevel: boolean; brandSlug: string; channelSlug: string }) {
  const { section, settings, companyLevel, brandSlug, channelSlug } = props;
  const channel = useChannel(brandSlug, channelSlug);
  if (companyLevel) return <Placeholder>Footer placeholder</Placeholder>;
  const m = section.blockModel;
  const text = FOOTER_TEXT[m.languageType];
  const name = m.channelName.trim() || channel?.channelName.trim() || channel?.title.trim() || '';
  return (
    <div style={{ textAlign: m.align, fontSize: 12, color: settings.text.p.color }}>
      <div>{`© ${new Date().getFullYear()}${name ? ` ${name}` : ''}. ${text.rights}`}</div>
      <div style={{ textDecoration: 'underline' }}>{text.unsubscribe}</div>
      {showsMadeWithCredit(m, channel) && (
        <div>
          {text.madeWith} <span style={{ textDecoration: 'underline' }}>{PRODUCT_NAME}</span>
        </div>
      )}
    </div>
  );
}

export function RevContentView({ section }: { section: SectionOf<'revContent'> }) {
  const { widgetId, placementId } = section.blockModel;
  return <Placeholder>{widgetId && placementId ? `RevContent widget ${widgetId}` : 'RevContent placeholder: add a Widget ID and a Placement ID.'}</Placeholder>;
}

export function IterableView({ section }: { section: SectionOf<'iterable'> }) {
  return <Placeholder>{`Iterable template: ${section.blockModel.templateId}`}</Placeholder>;
}
