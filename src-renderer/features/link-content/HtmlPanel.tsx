import { Alert, Anchor, Collapse, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { SectionOf } from '../../../shared/model';
import {
  HTML_ERROR_MESSAGE,
  HTML_VALIDATION_DEBOUNCE_MS,
  RELAX_HTML_LABEL,
  checkHtml,
  type HtmlCheck,
} from '../../../shared/rules/html-block';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';
import { useValidateHtmlMutation } from './link-content-api';
import { SupportedHtmlTags } from './SupportedHtmlTags';

// The HTML block's code editor (spec 2 §2, §4, §7): the markup is sent to the platform's
// `contents/validate/html` 2 s after the last edit (or when the field is left) and stored
// with its verdict; invalid markup shows the spec's message with the first problem and a
// link to the supported tags. Invalid markup stays out of the email unless the editor
// relaxes the validation. Offline the core runs the platform's rules itself
// (shared/rules/html-block.ts); a failed call counts as invalid with the generic message.

export function HtmlPanel({ section, edit }: PanelProps<SectionOf<'html'>>) {
  const { readOnly, brandSlug, channelSlug } = usePanelContext();
  const model = section.blockModel;
  const [validateOnPlatform] = useValidateHtmlMutation();
  const [text, setText] = useState(model.html);
  const [verdict, setVerdict] = useState<HtmlCheck>(() => checkHtml(model.html));
  const [helpOpen, setHelpOpen] = useState(false);
  const typing = useRef(false);

  const validate = useDebouncedCallback(
    (html: string) => {
      // Stored at once, judged when the platform answers: nothing typed waits on the network.
      setModel(edit, 'html', 'html', { html });
      if (html.trim() === '') {
        setVerdict({ valid: false, errors: [] });
        setModel(edit, 'html', 'isValid', { isValid: false });
        return;
      }
      void validateOnPlatform({ brandSlug, channelSlug, html }).then((result) => {
        const answer: HtmlCheck = 'error' in result ? { valid: false, errors: [HTML_ERROR_MESSAGE] } : { valid: result.data.isValid, errors: result.data.errors };
        setVerdict(answer);
        // Only the markup it judged: a later edit has its own answer coming.
        edit('isValid', (current) =>
          current.type === 'html' && current.blockModel.html === html && current.blockModel.isValid !== answer.valid
            ? { ...current, blockModel: { ...current.blockModel, isValid: answer.valid } }
            : current,
        );
      });
    },
    { delay: HTML_VALIDATION_DEBOUNCE_MS, flushOnUnmount: true },
  );

  // Undo and redo change the stored markup: the editor follows unless it is being typed in.
  useEffect(() => {
    if (typing.current) return;
    setText(model.html);
    setVerdict(checkHtml(model.html));
  }, [model.html]);

  const firstError = verdict.errors[0];
  return (
    <Stack gap="sm">
      <Textarea
        label="HTML code"
        value={text}
        disabled={readOnly}
        // A fixed height the editor can drag taller (autosize needs document.fonts, which not every host has).
        rows={12}
        resize="vertical"
        spellCheck={false}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        onFocus={() => (typing.current = true)}
        onBlur={() => {
          typing.current = false;
          validate.flush();
        }}
        onChange={(event) => {
          setText(event.currentTarget.value);
          validate(event.currentTarget.value);
        }}
      />
      {firstError && (
        <Alert color={model.isRelaxed ? 'yellow' : 'red'} variant="light" title="Invalid HTML">
          <Text size="sm">{HTML_ERROR_MESSAGE}</Text>
          <Text size="sm" mt={4}>
            {firstError}
          </Text>
          <Anchor component="button" type="button" size="sm" mt={4} onClick={() => setHelpOpen(true)}>
            See the supported HTML tags
          </Anchor>
          {model.isRelaxed && (
            <Text size="xs" mt={4}>
              Validation is relaxed: this HTML goes into the email as it is, without the tags that are not supported.
            </Text>
          )}
        </Alert>
      )}
      <Switch
        label={RELAX_HTML_LABEL}
        checked={model.isRelaxed}
        disabled={readOnly}
        onChange={(event) => setModel(edit, 'html', 'isRelaxed', { isRelaxed: event.currentTarget.checked })}
      />
      <Anchor component="button" type="button" size="sm" onClick={() => setHelpOpen((open) => !open)} aria-expanded={helpOpen}>
        Supported HTML tags
      </Anchor>
      <Collapse expanded={helpOpen}>
        <SupportedHtmlTags />
      </Collapse>
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}
