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
 * kept as points and redrawn at the new size, never stretched.
 */
export function SignatureField({ label, value, onChange, readOnly }: SignatureFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [supported, setSupported] = useState(true);
  const valueRef = useRef(value);
  /** The signature the pad shows: drawn on it here, or drawn from `value`. */
  const shownRef = useRef('');
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (readOnly || !canvas) return;
    if (!canvas.getContext('2d')) {
      setSupported(false);
      return;
    }
    const pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.6, penColor: '#10204a' });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      const width = canvas.offsetWidth;
      if (!width) return;
      canvas.width = width * ratio;
      canvas.height = HEIGHT * ratio;
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
      else if (valueRef.current) void pad.fromDataURL(valueRef.current, { width, height: HEIGHT });
      shownRef.current = valueRef.current;
    };
    fit();
    const end = () => {
      shownRef.current = pad.isEmpty() ? '' : pad.toDataURL('image/png');
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
      padRef.current = null;
    };
  }, [readOnly]);

  // A signature that comes from elsewhere (the draft kept on this device, read after the screen
  // opened; another screen's, merged) is drawn: the pad showed it empty though it was signed.
  useEffect(() => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || value === shownRef.current) return;
    shownRef.current = value;
    pad.clear();
    if (value) void pad.fromDataURL(value, { width: canvas.offsetWidth, height: HEIGHT });
  }, [value]);

  const clear = () => {
    padRef.current?.clear();
    shownRef.current = '';
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
            border: '1px solid var(--mantine-color-gray-5)',
            borderRadius: 4,
            background: 'white',
            display: 'block',
          }}
        />
      ) : (
        <Text c="dimmed">Ta przeglądarka nie pozwala złożyć podpisu.</Text>
      )}
    </Box>
  );
}
