; The Windows installer of Sanqi, made by scripts/package-windows.sh with NSIS (makensis).
;
; It installs for the current user only, with no administrator rights: the program goes to
; %LOCALAPPDATA%\Programs\Sanqi (where per-user programs live on Windows 10 and 11), with a
; Start-menu entry, a desktop shortcut the user may turn off, and an uninstaller that
; "Apps and features" lists. The player's settings, games and records are never touched:
; they live in %APPDATA%\Sanqi and Documents\Sanqi.
;
; The script expects, defined on the makensis command line:
;   VERSION   the version, such as 0.1.0
;   STAGE     a folder holding sanqi.exe, README.txt, LICENSE.txt and OFL.txt
;   ICON      the icon, packaging/windows/sanqi.ico
;   OUTFILE   the installer to write

; A 64-bit installer, as sanqi.exe is a 64-bit program (and Wine without its 32-bit part runs
; only 64-bit ones); Unicode, for the Chinese pages and names.
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user

!include "MUI2.nsh"

!define APP_NAME "Sanqi"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Sanqi"

Name "${APP_NAME} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Sanqi"
; An earlier installation is found where it was put.
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
ShowInstDetails nevershow
ShowUninstDetails nevershow

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "Sanqi"
VIAddVersionKey /LANG=0 "FileDescription" "Sanqi 三棋 setup"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT License"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\sanqi.exe"

!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the one used when the system's is neither.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

LangString SectionProgram ${LANG_ENGLISH} "Sanqi (the game and a Start-menu entry)"
LangString SectionProgram ${LANG_SIMPCHINESE} "三棋（游戏和开始菜单项）"
LangString SectionDesktop ${LANG_ENGLISH} "Desktop shortcut"
LangString SectionDesktop ${LANG_SIMPCHINESE} "桌面快捷方式"

Section "!$(SectionProgram)" SectionProgram
    SectionIn RO
    SetShellVarContext current
    SetOutPath "$INSTDIR"
    File "${STAGE}\sanqi.exe"
    File "${STAGE}\README.txt"
    File "${STAGE}\LICENSE.txt"
    File "${STAGE}\OFL.txt"
    WriteUninstaller "$INSTDIR\uninstall.exe"
    CreateShortcut "$SMPROGRAMS\Sanqi.lnk" "$INSTDIR\sanqi.exe" "" "$INSTDIR\sanqi.exe" 0

    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Sanqi 三棋"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\sanqi.exe,0"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Sanqi"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
    WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
    ; The size shown in "Apps and features", in KiB.
    SectionGetSize ${SectionProgram} $0
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "$(SectionDesktop)" SectionDesktop
    SetShellVarContext current
    CreateShortcut "$DESKTOP\Sanqi.lnk" "$INSTDIR\sanqi.exe" "" "$INSTDIR\sanqi.exe" 0
SectionEnd

; Removes exactly what the installer put there, then the folder if nothing else is in it.
Section "Uninstall"
    SetShellVarContext current
    Delete "$SMPROGRAMS\Sanqi.lnk"
    Delete "$DESKTOP\Sanqi.lnk"
    Delete "$INSTDIR\sanqi.exe"
    Delete "$INSTDIR\README.txt"
    Delete "$INSTDIR\LICENSE.txt"
    Delete "$INSTDIR\OFL.txt"
    Delete "$INSTDIR\uninstall.exe"
    RMDir "$INSTDIR"
    DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
