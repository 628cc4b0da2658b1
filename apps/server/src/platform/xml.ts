const ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text made safe inside XML (SVG, SSML): markup characters and both quotes as entities. */
export const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => ENTITIES[c]!);
