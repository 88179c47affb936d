//! The rules window: for each game the key points, a quick start, the full rules, the house
//! rules, the rules all three share (draws, clock, notation) and the diagrams, drawn with the
//! board painter.

use egui::{RichText, Vec2};

use super::board::{BoardScene, picture_ui};
use super::i18n::Diagram;
use super::sanqi::SanqiApp;
use super::text::game_name;
use super::theme;
use crate::rules::{GameId, Point};

/// A part of the rules window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesTab {
    KeyPoints,
    QuickStart,
    FullRules,
    HouseRules,
    Common,
    Diagrams,
}

impl RulesTab {
    const ALL: [RulesTab; 6] = [
        RulesTab::KeyPoints,
        RulesTab::QuickStart,
        RulesTab::FullRules,
        RulesTab::HouseRules,
        RulesTab::Common,
        RulesTab::Diagrams,
    ];

    fn key(self) -> &'static str {
        match self {
            RulesTab::KeyPoints => "rules.tab_key_points",
            RulesTab::QuickStart => "rules.tab_quick_start",
            RulesTab::FullRules => "rules.tab_full",
            RulesTab::HouseRules => "rules.tab_house",
            RulesTab::Common => "rules.tab_common",
            RulesTab::Diagrams => "rules.tab_diagrams",
        }
    }
}

/// What the rules window shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesView {
    pub game: GameId,
    pub tab: RulesTab,
}

impl RulesView {
    /// The key points of a game.
    pub fn new(game: GameId) -> RulesView {
        RulesView {
            game,
            tab: RulesTab::KeyPoints,
        }
    }
}

fn paragraph(ui: &mut egui::Ui, text: &str) {
    ui.add(egui::Label::new(RichText::new(text).size(15.0)).wrap());
    ui.add_space(4.0);
}

fn bullet_list(ui: &mut egui::Ui, items: &[String], numbered: bool) {
    for (i, item) in items.iter().enumerate() {
        ui.horizontal_top(|ui| {
            let marker = if numbered {
                format!("{}.", i + 1)
            } else {
                "•".to_string()
            };
            ui.add_sized(
                [22.0, 18.0],
                egui::Label::new(RichText::new(marker).strong().color(theme::ACCENT)),
            );
            ui.add(egui::Label::new(RichText::new(item).size(15.0)).wrap());
        });
        ui.add_space(4.0);
    }
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(6.0);
    ui.label(
        RichText::new(text)
            .size(17.0)
            .strong()
            .color(theme::ACCENT_DARK),
    );
    ui.add_space(2.0);
}

fn house_rule_badge(ui: &mut egui::Ui, label: &str) {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(0xF6, 0xE3, 0xC2))
        .corner_radius(egui::CornerRadius::same(4))
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| {
            ui.label(
                RichText::new(label)
                    .small()
                    .strong()
                    .color(theme::ACCENT_DARK),
            );
        });
}

/// The scene of a help diagram.
pub fn diagram_scene(diagram: &Diagram) -> BoardScene {
    let mut scene = BoardScene::of_rows(&diagram.rows);
    scene.coordinates = true;
    scene.last_to = diagram
        .last
        .iter()
        .filter_map(|p| Point::parse(p))
        .collect();
    scene.marked = diagram
        .marked
        .iter()
        .filter_map(|p| Point::parse(p))
        .collect();
    scene
}

impl SanqiApp {
    pub(super) fn rules_ui(&mut self, ctx: &egui::Context) {
        let Some(mut view) = self.dialogs.rules else {
            return;
        };
        let mut open = true;
        let i18n = &self.i18n;
        let screen = ctx.content_rect();
        let size = Vec2::new(
            (screen.width() - 40.0).clamp(320.0, 760.0),
            (screen.height() - 60.0).clamp(300.0, 640.0),
        );
        egui::Window::new(i18n.t("rules.title"))
            .id(egui::Id::unique("rules_window"))
            .open(&mut open)
            .collapsible(false)
            .default_size(size)
            .max_size(screen.size() - Vec2::splat(20.0))
            .default_pos(screen.center() - size / 2.0)
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for game in GameId::ALL {
                        let name = game_name(i18n, game);
                        let text = if view.game == game {
                            RichText::new(name).strong()
                        } else {
                            RichText::new(name)
                        };
                        ui.selectable_value(&mut view.game, game, text);
                    }
                });
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    for tab in RulesTab::ALL {
                        ui.selectable_value(&mut view.tab, tab, i18n.t(tab.key()));
                    }
                });
                ui.add_space(4.0);
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.set_max_width(ui.available_width());
                        let help = i18n.help(view.game);
                        match view.tab {
                            RulesTab::KeyPoints => {
                                heading(ui, &help.name);
                                bullet_list(ui, &help.key_points, false);
                            }
                            RulesTab::QuickStart => {
                                heading(ui, i18n.t("rules.tab_quick_start"));
                                bullet_list(ui, &help.quick_start, true);
                            }
                            RulesTab::FullRules => {
                                for section in &help.rules {
                                    heading(ui, &section.title);
                                    for p in &section.paragraphs {
                                        paragraph(ui, p);
                                    }
                                }
                            }
                            RulesTab::HouseRules => {
                                ui.add(
                                    egui::Label::new(
                                        RichText::new(i18n.t("rules.house_intro"))
                                            .italics()
                                            .color(theme::MUTED),
                                    )
                                    .wrap(),
                                );
                                ui.add_space(6.0);
                                for rule in &help.house_rules {
                                    house_rule_badge(ui, i18n.t("rules.house_badge"));
                                    paragraph(ui, rule);
                                    ui.add_space(4.0);
                                }
                            }
                            RulesTab::Common => {
                                let common = i18n.common_help();
                                heading(ui, i18n.t("rules.draws"));
                                house_rule_badge(ui, i18n.t("rules.house_badge"));
                                for p in &common.draws {
                                    paragraph(ui, p);
                                }
                                heading(ui, i18n.t("rules.timer"));
                                for p in &common.timer {
                                    paragraph(ui, p);
                                }
                                heading(ui, i18n.t("rules.notation"));
                                for p in &common.notation {
                                    paragraph(ui, p);
                                }
                            }
                            RulesTab::Diagrams => {
                                ui.label(
                                    RichText::new(i18n.t("rules.diagram_legend"))
                                        .small()
                                        .color(theme::MUTED),
                                );
                                ui.add_space(6.0);
                                let narrow = ui.available_width() < 460.0;
                                for (i, diagram) in help.diagrams.iter().enumerate() {
                                    let scene = diagram_scene(diagram);
                                    let caption = format!("{}. {}", i + 1, diagram.caption);
                                    if narrow {
                                        picture_ui(ui, &scene, 200.0);
                                        paragraph(ui, &caption);
                                    } else {
                                        ui.horizontal_top(|ui| {
                                            picture_ui(ui, &scene, 190.0);
                                            ui.add_space(8.0);
                                            ui.vertical(|ui| {
                                                ui.add_space(8.0);
                                                paragraph(ui, &caption);
                                            });
                                        });
                                    }
                                    ui.add_space(10.0);
                                }
                            }
                        }
                    });
            });
        self.dialogs.rules = open.then_some(view);
    }
}
