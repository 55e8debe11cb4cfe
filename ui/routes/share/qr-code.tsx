// A QR code of a link (docs/UI.md, Screens and Figures: error level M, 200 px), drawn as a data: image the page CSP allows.
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const qrSize = 200;

/** A download link by default; `opensPage` says it leads to the share's page instead. */
export function QrCode({ text, opensPage = false }: { text: string; opensPage?: boolean }) {
  const { t } = useTranslation();
  const [image, setImage] = useState('');
  useEffect(() => {
    let live = true;
    // Always dark on white, whatever the theme: scanners read that best.
    QRCode.toDataURL(text, {
      errorCorrectionLevel: 'M',
      width: qrSize,
      margin: 1,
      color: { dark: '#000000', light: '#ffffff' },
    }).then(
      (url) => live && setImage(url),
      () => live && setImage(''),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <figure className="share-qr">
      {image ? (
        <img
          src={image}
          width={qrSize}
          height={qrSize}
          alt={t(opensPage ? 'publicShare.qrCodePage' : 'publicShare.qrCode')}
        />
      ) : (
        <span className="share-qr-placeholder" aria-hidden="true" />
      )}
      <figcaption>{t(opensPage ? 'publicShare.scanToOpen' : 'publicShare.scan')}</figcaption>
    </figure>
  );
}
