import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Group, Image, Text } from '@mantine/core';
import SignaturePad from 'signature_pad';

interface SignatureFieldProps {
  label: string;
  /** A PNG data URL, or '' when not signed yet. */
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
}

const HEIGHT = 180;

/**
 * A handwritten signature (finger, stylus or mouse). The canvas is drawn at the screen's pixel
 * density, so the line stays sharp on high-DPI tablets; on a resize or rotation the strokes are
 * kept as points and redrawn, with the signature put back as a picture under them, never stretched.
 */
export function SignatureField({ label, value, onChange, readOnly }: SignatureFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** Puts a signature on the pad as a picture ('' empties it); set while the pad exists. */
  const showRef = useRef<((url: string) => void) | null>(null);
  const [supported, setSupported] = useState(true);
  const valueRef = useRef(value);
  /** The signature the pad shows: drawn on it here, or put back from `value`. */
  const shownRef = useRef('');
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (readOnly || !canvas) return;
    const context = canvas.getContext('2d');
    if (!context) {
      setSupported(false);
      return;
    }
    const pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.6, penColor: '#10204a' });
    // A signature put back as a picture (the saved one, the draft kept on this device, another
    // screen's), with the strokes drawn here over it. Both are drawn again after a resize or a
    // rotation: redrawing the strokes alone dropped the picture under them, and the next stroke
    // saved the signature without it.
    let picture: HTMLImageElement | null = null;
    // The width the pad was first drawn at, the size of its picture and strokes; narrower, both
    // shrink by the ratio (never stretched or cut off), wider, they keep it. Measured from that
    // first width, so turning the tablet back gives back the first size: each turn shrank it more.
    let baseWidth = 0;
    let scale = 1;
    const drawPicture = () => {
      if (!picture?.complete || !picture.naturalWidth || !baseWidth) return;
      // In its own proportions (drawn on a pad of another width, it was stretched to this one's),
      // as high as the pad, or narrowed to the pad's first width.
      let width = (HEIGHT * picture.naturalWidth) / picture.naturalHeight;
      let height = HEIGHT;
      if (width > baseWidth) {
        height = (height * baseWidth) / width;
        width = baseWidth;
      }
      context.drawImage(picture, 0, 0, width * scale, height * scale);
    };
    const show = (url: string) => {
      pad.clear();
      shownRef.current = url;
      picture = null;
      if (!url) return;
      const image = new window.Image();
      picture = image;
      image.onload = () => {
        if (picture === image) drawPicture();
      };
      image.src = url;
    };
    const fit = () => {
      const width = canvas.offsetWidth;
      if (!width) return;
      baseWidth ||= width;
      const next = Math.min(1, width / baseWidth);
      const factor = next / scale;
      const strokes = pad.toData().map((group) => ({
        ...group,
        points: group.points.map((point) => ({ ...point, x: point.x * factor, y: point.y * factor })),
      }));
      scale = next;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = width * ratio;
      canvas.height = HEIGHT * ratio;
      context.scale(ratio, ratio);
      pad.clear();
      drawPicture();
      if (strokes.length) pad.fromData(strokes, { clear: false });
    };
    fit();
    show(valueRef.current);
    showRef.current = show;
    const end = () => {
      shownRef.current = pad.toDataURL('image/png');
      onChangeRef.current(shownRef.current);
    };
    pad.addEventListener('endStroke', end);
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    window.addEventListener('orientationchange', fit);
    return () => {
      pad.removeEventListener('endStroke', end);
      observer.disconnect();
      window.removeEventListener('orientationchange', fit);
      pad.off();
      showRef.current = null;
    };
  }, [readOnly]);

  // A signature that comes from elsewhere (the draft kept on this device, read after the screen
  // opened; another screen's, merged) is drawn: the pad showed it empty though it was signed.
  useEffect(() => {
    if (value !== shownRef.current) showRef.current?.(value);
  }, [value]);

  const clear = () => {
    showRef.current?.('');
    onChange('');
  };

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text fw={600} id={`${label}-label`}>
          {label}
        </Text>
        {!readOnly && (
          <Button variant="subtle" size="compact-sm" onClick={clear} aria-label={`Wyczyść: ${label}`}>
            Wyczyść
          </Button>
        )}
      </Group>
      {readOnly ? (
        value ? (
          <Image
            src={value}
            alt={label}
            h={HEIGHT}
            fit="contain"
            bd="1px solid var(--mantine-color-gray-4)"
          />
        ) : (
          <Text c="dimmed">Brak podpisu</Text>
        )
      ) : supported ? (
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          data-signed={value ? 'true' : 'false'}
          style={{
            width: '100%',
            height: HEIGHT,
            touchAction: 'none',
            // The pad's edge 3:1 against the page (WCAG 1.4.11), and its white kept in a high-contrast
            // mode, under ink drawn dark blue (a black pad hid the strokes).
            border: '1px solid var(--mantine-color-gray-6)',
            borderRadius: 4,
            background: 'white',
            display: 'block',
            forcedColorAdjust: 'none',
          }}
        />
      ) : (
        <Text c="dimmed">Ta przeglądarka nie pozwala złożyć podpisu.</Text>
      )}
    </Box>
  );
}
