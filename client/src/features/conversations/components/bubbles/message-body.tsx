import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { looksLikeHtml, sanitizeHtml } from '../../sanitize-html';

/** A message's text: HTML bodies through the allow-list, plain texts with their line breaks. */
export function MessageBody({ content }: { content: string }) {
  const html = useMemo(() => (looksLikeHtml(content) ? sanitizeHtml(content) : null), [content]);
  const sx = {
    typography: 'body2',
    overflowWrap: 'anywhere',
    '& p': { m: 0 },
    '& p + p': { mt: 1 },
    '& a': { color: 'inherit' },
    '& ul, & ol': { my: 0.5, pl: 3 },
  } as const;
  if (html === null) return <Box sx={{ ...sx, whiteSpace: 'pre-wrap' }}>{content}</Box>;
  return <Box sx={sx} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Pictures of an MMS or e-mail; only web addresses are shown. */
export function MediaImages({ urls }: { urls: readonly string[] }) {
  const shown = urls.filter((url) => /^https?:\/\//i.test(url));
  if (shown.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      {shown.map((url) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer">
          <Box
            component="img"
            src={url}
            alt="Attached picture"
            loading="lazy"
            referrerPolicy="no-referrer"
            sx={{ maxWidth: 220, maxHeight: 220, borderRadius: 1, display: 'block', objectFit: 'cover' }}
          />
        </a>
      ))}
    </Box>
  );
}
