import { addMessages } from '../i18n/i18n.js';

addMessages({
  /** Spec §8 "upload failed (C)": anything the image library (or ffprobe) cannot decode. */
  upload_unreadable: {
    'zh-Hans': '上传失败(C)：文件已损坏或无法识别',
    'zh-Hant': '上傳失敗(C)：檔案已損壞或無法辨識',
    en: 'Upload failed (C): the file is damaged or cannot be read.',
    es: 'Error al subir (C): el archivo está dañado o no se puede leer.',
    fr: 'Échec de l’envoi (C) : le fichier est endommagé ou illisible.',
  },
  image_missing: {
    'zh-Hans': '请选择要上传的图片',
    'zh-Hant': '請選擇要上傳的圖片',
    en: 'Choose an image to upload.',
    es: 'Elige una imagen para subir.',
    fr: 'Choisissez une image à envoyer.',
  },
  too_many_files: {
    'zh-Hans': '上传的文件过多',
    'zh-Hant': '上傳的檔案過多',
    en: 'Too many files.',
    es: 'Demasiados archivos.',
    fr: 'Trop de fichiers.',
  },
  image_type_not_allowed: {
    'zh-Hans': '仅支持 JPG、PNG 格式的图片',
    'zh-Hant': '僅支援 JPG、PNG 格式的圖片',
    en: 'Only JPG and PNG images are allowed.',
    es: 'Solo se admiten imágenes JPG y PNG.',
    fr: 'Seules les images JPG et PNG sont acceptées.',
  },
  /** Too many bytes for the path, or too many pixels × frames to decode (image-upload.ts IMAGE_DECODE_LIMITS). */
  image_too_large: {
    'zh-Hans':
      '图片过大：文件不能超过{maxKb}KB，宽×高×帧数合计不能超过{maxMegapixels}百万像素，动图最多{maxFrames}帧',
    'zh-Hant':
      '圖片過大：檔案不能超過{maxKb}KB，寬×高×影格數合計不能超過{maxMegapixels}百萬像素，動圖最多{maxFrames}格',
    en: 'The image is too large: at most {maxKb} KB, and at most {maxMegapixels} megapixels counting every frame (at most {maxFrames} frames).',
    es: 'La imagen es demasiado grande: como máximo {maxKb} KB y {maxMegapixels} megapíxeles contando todos los fotogramas (como máximo {maxFrames} fotogramas).',
    fr: 'L’image est trop grande : {maxKb} Ko au plus, et {maxMegapixels} mégapixels au plus en comptant toutes ses images (au plus {maxFrames} images).',
  },
  /** Spec §8 "upload failed (C)": the multipart body itself is broken (no boundary, garbage, cut short). */
  invalid_upload: {
    'zh-Hans': '上传失败(C)：上传的数据不完整或格式错误',
    'zh-Hant': '上傳失敗(C)：上傳的資料不完整或格式錯誤',
    en: 'Upload failed (C): the upload is incomplete or malformed.',
    es: 'Error al subir (C): los datos enviados están incompletos o mal formados.',
    fr: 'Échec de l’envoi (C) : les données envoyées sont incomplètes ou mal formées.',
  },
  image_dimensions_too_large: {
    'zh-Hans': '图片尺寸不能超过{maxWidth}×{maxHeight}',
    'zh-Hant': '圖片尺寸不能超過{maxWidth}×{maxHeight}',
    en: 'The image must be at most {maxWidth}×{maxHeight} pixels.',
    es: 'La imagen no puede superar {maxWidth}×{maxHeight} píxeles.',
    fr: 'L’image ne doit pas dépasser {maxWidth}×{maxHeight} pixels.',
  },
});
