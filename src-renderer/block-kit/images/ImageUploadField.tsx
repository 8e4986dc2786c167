import { Box, Button, FileButton, Group, Image, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { ImportedImage } from '../../../shared/contract/bridge';
import { IMAGE_FILE_ACCEPT, imageFileLabel, imageFileRefusal } from '../../../shared/rules/image-upload';
import { toastError } from '../../ui/toasts';
import { useImportImageFromUrlMutation, useImportImageMutation } from './images-api';
import { readFileBase64 } from './read-file-base64';

// Picking or dropping an image (spec 1 §5 and §8, spec 2 §5 "Image settings"): SVG and
// anything that is not an image are refused here with the spec's message before anything is
// sent; the core shrinks and crops the rest, keeps it and uploads it. A failure is shown
// under the field and as an error toast with the message passed on. With `fromAddress`, an
// image can also be given by its web address: the platform copies it (upload-from-url, its
// fetcher refusing private addresses) and the core keeps it with every crop, as a file.

export interface ImageUploadFieldProps {
  label: string;
  value: string | null;
  onUploaded: (image: ImportedImage) => void;
  letterUniqueId: string;
  purpose?: 'block' | 'social';
  disabled?: boolean;
  /** Told each refusal or failure (the social card keeps a flag until its next edit). */
  onError?: (message: string) => void;
  /** Offer the web-address box as well as the file (the image block). */
  fromAddress?: boolean;
}

export const IMAGE_LOAD_FAILED_MESSAGE = 'This image could not be loaded.';
/** The platform's own words for an address that is not a web address (src-server/media/fetch-image.ts). */
export const IMAGE_ADDRESS_INVALID_MESSAGE = 'Enter a full web address, starting with https://.';
export const ADD_FROM_ADDRESS_LABEL = 'Add';

/** What the address box refuses before asking anyone: not a web address at all. */
export function imageAddressRefusal(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : IMAGE_ADDRESS_INVALID_MESSAGE;
  } catch {
    return IMAGE_ADDRESS_INVALID_MESSAGE;
  }
}

export function ImageUploadField({ label, value, onUploaded, letterUniqueId, purpose = 'block', disabled = false, onError, fromAddress = false }: ImageUploadFieldProps) {
  const [importImage, { isLoading }] = useImportImageMutation();
  const [importFromUrl, { isLoading: copying }] = useImportImageFromUrlMutation();
  const [address, setAddress] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const errorId = useId();
  const busy = isLoading || copying;
  const blocked = disabled || busy;

  const fail = (message: string) => {
    setError(message);
    toastError(message);
    onError?.(message);
  };

  async function take(file: File | null) {
    resetRef.current?.();
    if (!file || blocked) return;
    setFileName(file.name);
    setError(null);
    const refusal = imageFileRefusal(file.name, file.type);
    if (refusal) return fail(refusal);
    try {
      const dataBase64 = await readFileBase64(file);
      const image = await importImage({ letterUniqueId, fileName: file.name, mimeType: file.type, dataBase64, purpose }).unwrap();
      onUploaded(image);
    } catch (caught) {
      fail(messageOf(caught));
    }
  }

  async function takeAddress() {
    const url = address.trim();
    if (!url || blocked) return;
    setError(null);
    const refusal = imageAddressRefusal(url);
    if (refusal) return fail(refusal);
    try {
      const image = await importFromUrl({ letterUniqueId, url, purpose }).unwrap();
      setAddress('');
      setFileName(null);
      onUploaded(image);
    } catch (caught) {
      fail(messageOf(caught));
    }
  }

  const onDragOver = (event: DragEvent) => {
    if (blocked || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (blocked) return;
    event.preventDefault();
    void take(event.dataTransfer.files[0] ?? null);
  };

  const showImage = value !== null && value !== '' && brokenSrc !== value;
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Box
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-busy={busy}
        data-dragging={dragging || undefined}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        p="sm"
        style={{
          border: `1px dashed var(${dragging ? '--mantine-color-blue-filled' : error ? '--mantine-color-error' : '--mantine-color-default-border'})`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <Stack gap="xs" align="center">
          {showImage ? (
            <Image src={value} alt={`${label} preview`} mah={140} w="auto" fit="contain" onError={() => setBrokenSrc(value)} />
          ) : value && brokenSrc === value ? (
            <Text size="xs" c="dimmed">
              {IMAGE_LOAD_FAILED_MESSAGE}
            </Text>
          ) : null}
          <Group gap="xs" justify="center" wrap="nowrap">
            <FileButton
              onChange={(file) => void take(file)}
              accept={IMAGE_FILE_ACCEPT}
              disabled={blocked}
              resetRef={resetRef}
              inputProps={{ 'aria-label': `${label}: choose a file` }}
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" disabled={blocked}>
                  {value ? 'Replace image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {fileName !== null && (
              <Text size="xs" c="dimmed" title={fileName} data-testid="image-file-name" style={{ whiteSpace: 'nowrap' }}>
                {imageFileLabel(fileName)}
              </Text>
            )}
          </Group>
          {!disabled && (
            <Text size="xs" c="dimmed">
              or drop an image here
            </Text>
          )}
        </Stack>
      </Box>
      {fromAddress && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={`${label}: web address`}
            placeholder="or the image's web address, https://…"
            size="xs"
            value={address}
            disabled={blocked}
            style={{ flex: 1 }}
            onChange={(event) => setAddress(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void takeAddress();
              }
            }}
          />
          <Button size="xs" variant="default" disabled={blocked || address.trim() === ''} onClick={() => void takeAddress()}>
            {ADD_FROM_ADDRESS_LABEL}
          </Button>
        </Group>
      )}
      {busy && <Progress value={100} striped animated size="sm" aria-label="Uploading the image" />}
      {error && (
        <Text id={errorId} size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return 'The image could not be added.';
}
