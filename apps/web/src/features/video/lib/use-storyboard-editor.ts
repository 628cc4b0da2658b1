import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { VideoScene, VideoScenePictureInput } from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import {
  useAddScene,
  useDeleteScene,
  useEditSceneLine,
  useMoveScene,
  useRenderStoryboard,
  useReplaceScenePicture,
  useUploadScenePhoto,
} from '../api/storyboard';

/** What is open under one scene of the storyboard (one at a time on the whole page). */
export type ScenePanel =
  | { kind: 'edit'; sceneId: number; line: string }
  | { kind: 'add'; afterSceneId: number | null; line: string }
  | { kind: 'preview'; sceneId: number }
  | { kind: 'drawings'; sceneId: number }
  | { kind: 'cards'; sceneId: number };

/**
 * The storyboard's edits: the open panel, each scene command (line, picture, order, delete, add) with its toast,
 * the album photo input, and 开始合成. `busy` while any edit or the render is under way.
 */
export function useStoryboardEditor(taskId: number, { drawAvailable }: { drawAvailable: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<ScenePanel | null>(null);
  const [uploadFor, setUploadFor] = useState<number | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  const editLine = useEditSceneLine();
  const replacePicture = useReplaceScenePicture();
  const move = useMoveScene();
  const remove = useDeleteScene();
  const add = useAddScene();
  const uploadPhoto = useUploadScenePhoto();
  const render = useRenderStoryboard(() => {
    showToast(t('video.created'), 'success');
    void navigate('/media/video/list');
  });
  const busy =
    editLine.isPending ||
    replacePicture.isPending ||
    move.isPending ||
    remove.isPending ||
    add.isPending ||
    render.isPending;
  const closePanel = () => setPanel(null);

  const handlePicture = (sceneId: number, picture: VideoScenePictureInput) =>
    replacePicture.mutate(
      { taskId, sceneId, picture },
      { onSuccess: () => (closePanel(), showToast(t('video.storyboard.pictureReplaced'), 'success')) },
    );

  /** The four ways to replace a scene's picture, as an action sheet. */
  const handleReplace = async (scene: VideoScene) => {
    const { default: ActionSheet } = await import('antd-mobile/es/components/action-sheet');
    ActionSheet.show({
      extra: t('video.storyboard.replaceTitle'),
      cancelText: t('common.cancel'),
      closeOnAction: true,
      actions: [
        {
          key: 'generated',
          text: t('video.storyboard.replace.generated'),
          disabled: !drawAvailable,
          onClick: () => handlePicture(scene.id, { kind: 'generated' }),
        },
        {
          key: 'drawing',
          text: t('video.storyboard.replace.drawing'),
          onClick: () => setPanel({ kind: 'drawings', sceneId: scene.id }),
        },
        {
          key: 'upload',
          text: t('video.storyboard.replace.upload'),
          onClick: () => {
            setUploadFor(scene.id);
            photoInput.current?.click();
          },
        },
        {
          key: 'color',
          text: t('video.storyboard.replace.color'),
          onClick: () => setPanel({ kind: 'cards', sceneId: scene.id }),
        },
      ],
    });
  };

  /** The album photo chosen in the hidden file input: uploaded, then made the scene's picture. */
  const handlePhotoChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!uploadFor || !file) return;
    const sceneId = uploadFor;
    uploadPhoto.mutate(file, {
      onSuccess: (stored) => handlePicture(sceneId, { kind: 'upload', fileId: stored.id }),
      onError: () => showToast(t('video.storyboard.uploadFailed'), 'fail'),
    });
  };

  const handleDelete = async (scene: VideoScene) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('video.storyboard.deleteTitle'),
      content: scene.line,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate({ taskId, sceneId: scene.id });
  };

  const handleSaveLine = (sceneId: number, line: string) =>
    editLine.mutate(
      { taskId, sceneId, line },
      { onSuccess: () => (closePanel(), showToast(t('video.storyboard.lineSaved'), 'success')) },
    );
  const handleAdd = (afterSceneId: number, line: string) =>
    add.mutate({ taskId, afterSceneId, line }, { onSuccess: closePanel });
  const handleMove = (sceneId: number, position: number) => move.mutate({ taskId, sceneId, position });
  const handleRender = () => render.mutate(taskId);

  return {
    panel,
    setPanel,
    closePanel,
    busy,
    rendering: render.isPending,
    photoInput,
    handlePicture,
    handleReplace,
    handlePhotoChosen,
    handleDelete,
    handleSaveLine,
    handleAdd,
    handleMove,
    handleRender,
  };
}

export type StoryboardEditor = ReturnType<typeof useStoryboardEditor>;
