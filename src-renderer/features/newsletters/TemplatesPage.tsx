import { LetterListPage } from './LetterListPage';

/**
 * The channel's templates (spec 1 §2 `.../newsletters/templates`): every template state,
 * New template, and Clone, whose copies are templates too. A row opens the composer, where
 * a template is configured and activated.
 */
export function TemplatesPage() {
  return <LetterListPage kind="templates" status="templates" />;
}
