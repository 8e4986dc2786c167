import type { Delta, Letter, Section } from '../../../../shared/model';
import { blockKindOf } from '../../../app/block-catalogue';
import { sectionBoxStyle } from '../../../block-kit/section-style';
import { countSectionRender } from './render-count';

export interface SectionViewProps {
  section: Section;
  letter: Letter;
  readOnly: boolean;
  onTextChange: (id: string, delta: Delta) => void;
}

/** One section drawn in its box (fonts, colours, paddings, borders), its content by its kind's view. */
export function SectionView(props: SectionViewProps) {
  countSectionRender(props.section.uniqueId);
  const { View } = blockKindOf(props.section.type);
  const renderChild = (child: Section) => (
    <div key={child.uniqueId} style={{ flex: `0 0 ${child.columnWidth}%`, minWidth: 0 }}>
      <SectionView {...props} section={child} />
    </div>
  );
  return (
    <div style={sectionBoxStyle(props.section, props.letter.settings)}>
      <View section={props.section} letter={props.letter} readOnly={props.readOnly} onTextChange={props.onTextChange} renderChild={renderChild} />
    </div>
  );
}
