#!/bin/sh
# Copie les sauvegardes de la base hors de la machine avec restic (docs/deploy.md).
# Réglages dans l'environnement (le service agence-restic les lit dans /etc/agence/restic.env) :
#   RESTIC_REPOSITORY    le dépôt : un dossier (/mnt/disque/agence) ou sftp:utilisateur@hote:/chemin
#   RESTIC_PASSWORD_FILE le fichier du mot de passe du dépôt (ou RESTIC_PASSWORD)
#   BACKUP_DIR           le dossier des sauvegardes (/srv/agence/data/backups par défaut)
set -eu

backups="${BACKUP_DIR:-/srv/agence/data/backups}"

# Seules les sauvegardes terminées (agence-….sqlite) partent, jamais une en cours d'écriture.
restic backup --tag agence --exclude '.*.partiel' "$backups"
# Garde une copie par jour pendant deux semaines, une par semaine pendant deux mois, une par
# mois pendant un an.
restic forget --tag agence --keep-daily 14 --keep-weekly 8 --keep-monthly 12 --prune
