import type { Section } from '../../../../shared/model';
import { blockKindOf } from '../../../app/block-catalogue';
import type { SectionEdit } from '../../../block-kit/section-edit';

/** The panel of a section, whatever its type (spec 2 §2 "Panels by block type"): its kind's, from the catalogue. */
export function BlockPanel({ section, edit }: { section: Section; edit: SectionEdit }) {
  const { Panel } = blockKindOf(section.type);
  return <Panel section={section} edit={edit} />;
}
