import { Fragment } from 'react';

const urlPattern = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/g;

/** A message's text with each web address in it a link that opens (in a new tab). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={part}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand-700 underline"
          >
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
