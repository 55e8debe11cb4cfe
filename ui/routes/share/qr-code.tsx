// A QR code of a link (SPEC §2, §9: error level M, 200 px), drawn as a data: image the page CSP allows.
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const qrSize = 200;

export function QrCode({ text }: { text: string }) {
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
        <img src={image} width={qrSize} height={qrSize} alt={t('publicShare.qrCode')} />
      ) : (
        <span className="share-qr-placeholder" aria-hidden="true" />
      )}
      <figcaption>{t('publicShare.scan')}</figcaption>
    </figure>
  );
}
