import { Avatar, type AvatarProps } from '@mantine/core';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  fullName: string;
  /** A (presigned) image URL, or null to show the initials. */
  photo: string | null | undefined;
}

/** A person's photo, or their initials on a colour derived from the name when there is none. */
export function UserAvatar({ fullName, photo, ...props }: UserAvatarProps) {
  return (
    <Avatar src={photo || null} name={fullName} alt={fullName} color="initials" radius="xl" {...props} />
  );
}
