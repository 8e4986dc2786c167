import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { letterPath } from '../../../shared/app-paths';
import { IMPORT_FILE_MAX_BYTES } from '../../../shared/contract/bridge-import';
import { toastSuccess } from '../../ui/toasts';
import { useImportLetterMutation } from './newsletters-api';

// Import on a letter list: the file picker (the Import button, File → Import…) or a file
// dropped on the list. The file goes to the core as base64 (an .eml's charset is the core's
// to read); the new draft opens with a toast saying what the import did.

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export function useLetterImport(brandSlug: string, channelSlug: string) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [importLetter, state] = useImportLetterMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function importFile(file: File) {
    setProblem(null);
    if (file.size > IMPORT_FILE_MAX_BYTES) return setProblem('This file is too big to import (5 MB at most).');
    if (file.size === 0) return setProblem('This file is empty.');
    const result = await importLetter({ brandSlug, channelSlug, fileName: file.name, contentBase64: await base64Of(file) });
    if ('error' in result && result.error) {
      setProblem('message' in result.error ? String(result.error.message) : 'The file could not be imported.');
      return;
    }
    if (!result.data) return;
    toastSuccess(`Imported ${file.name}: ${result.data.summary}`);
    navigate(letterPath(brandSlug, channelSlug, result.data.letter.id ?? result.data.letter.uniqueId));
  }

  return {
    input,
    importing: state.isLoading,
    problem,
    dismissProblem: () => setProblem(null),
    /** Opens the file picker. */
    pick: () => input.current?.click(),
    importFile: (file: File) => void importFile(file),
  };
}
