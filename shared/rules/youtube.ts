import { accept, refuse, type FieldResult } from './field-result';

// The YouTube block's link (spec 2 §5 "Links") and the thumbnail taken from its video id
// (spec 2 §4): the panel shows the thumbnail, the email draws the play icon over it.

export const YOUTUBE_LINK_MESSAGE = 'please enter a valid Youtube url.';

/** watch?v=, embed/, shorts/, live/, v/ on youtube.com (and -nocookie), or youtu.be/; ids are 11 characters. */
const YOUTUBE_LINK =
  /^(?:https?:\/\/)?(?:(?:www|m|music)\.)?(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})(?![\w-])[^\s]*$/i;

export function youtubeVideoId(link: string): string | null {
  return YOUTUBE_LINK.exec(link.trim())?.[1] ?? null;
}

export function youtubeThumbnailUrl(videoId: string): string {
  return `https://img.youtube.com/vi/${videoId}/hqdefault.jpg`;
}

/** A YouTube video link, stored with https:// (added when typed without a scheme); empty means none. */
export function checkYoutubeLink(input: string): FieldResult<string> {
  const value = input.trim();
  if (value === '') return accept('');
  if (youtubeVideoId(value) === null) return refuse(YOUTUBE_LINK_MESSAGE);
  return accept(value.replace(/^(?:https?:\/\/)?/i, 'https://'));
}
